// Reading the CSV answers the tests check: RFC 4180 fields, quoted ones with commas and doubled quotes, CRLF rows
// (none of the answers has a quoted line break).
export function parseCsv(text: string): string[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => {
      const out: string[] = [];
      let field = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i]!;
        if (quoted && ch === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (ch === '"') quoted = !quoted;
        else if (ch === ',' && !quoted) {
          out.push(field);
          field = '';
        } else field += ch;
      }
      out.push(field);
      return out;
    });
}

/**
 * A chart's CSV export (decision 200): the byte-order mark, the `# key,value` lines that say what the file is, then the
 * CSV the data API writes for the same selection.
 */
export function splitCsvExport(text: string): { bom: boolean; about: Record<string, string>; csv: string } {
  const bom = text.startsWith('\uFEFF');
  const lines = (bom ? text.slice(1) : text).split('\r\n');
  const about: Record<string, string> = {};
  while (lines[0]?.startsWith('#')) {
    const [key, value] = parseCsv(lines.shift()!)[0]!;
    about[key!.replace(/^# /, '')] = value ?? '';
  }
  return { bom, about, csv: lines.join('\r\n') };
}
