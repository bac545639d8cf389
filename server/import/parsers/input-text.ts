// Turns what a parser is given (text, or bytes that may be gzip-compressed) into the text to parse.
import { gunzipSync } from 'node:zlib';

/** Eurostat ships bulk files as .tsv.gz / .csv.gz; the magic bytes say so even when the name does not. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export function inputText(input: string | Buffer): string {
  const text = typeof input === 'string' ? input : (isGzip(input) ? gunzipSync(input) : input).toString('utf8');
  // A BOM would otherwise become part of the first header cell and hide a known column name.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
