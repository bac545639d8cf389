// Eurostat observation flags and their meanings.
/** Each flag Eurostat publishes and what it means (the OBS_FLAG code list of the SDMX structures). */
export const flagMeanings: Readonly<Record<string, string>> = {
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
  return [...flags.replace(/^[@|]/, '')].map((f) => flagMeanings[f.toLowerCase()] ?? f).join(', ');
}
