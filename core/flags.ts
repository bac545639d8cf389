// Eurostat observation flags and their meanings.
const flagNames: Record<string, string> = {
  b: 'break in time series',
  c: 'confidential',
  d: 'definition differs',
  e: 'estimated',
  n: 'not significant',
  p: 'provisional',
  r: 'revised',
  s: 'Eurostat estimate',
  u: 'low reliability',
  z: 'not applicable',
};

/** 'bep' → 'break in time series, estimated, provisional'; '@C' → 'confidential'. */
export function describeFlags(flags: string): string {
  return [...flags.replace(/^[@|]/, '')].map((f) => flagNames[f.toLowerCase()] ?? f).join(', ');
}
