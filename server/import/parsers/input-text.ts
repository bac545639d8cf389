// Turns what a parser is given (text, bytes that may be gzip-compressed, or a text file on disk) into the text to
// parse, or into its lines one at a time.
import { closeSync, createReadStream, createWriteStream, openSync, readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzipSync } from 'node:zlib';

/** Eurostat ships bulk files as .tsv.gz / .csv.gz; the magic bytes say so even when the name does not. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export function inputText(input: string | Buffer): string {
  const text = typeof input === 'string' ? input : (isGzip(input) ? gunzipSync(input) : input).toString('utf8');
  // A BOM would otherwise become part of the first header cell and hide a known column name.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A plain (not compressed) UTF-8 text file that a line-based parser reads a block at a time on every walk, so a file
 * of any size is never held whole in memory (decision 163).
 */
export class TextFile {
  constructor(readonly path: string) {}
}

/** Bytes read per block from a TextFile. */
const blockBytes = 1 << 20;

/** The lines of a text or a text file, without their '\n' (a '\r' before it is left to the caller); no BOM. */
export function* linesOf(input: string | TextFile): Generator<string, void, undefined> {
  if (typeof input === 'string') {
    const text = inputText(input);
    for (let start = 0; start < text.length;) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      yield text.slice(start, end);
      start = end + 1;
    }
    return;
  }
  const fd = openSync(input.path, 'r');
  try {
    const decoder = new StringDecoder('utf8');
    const block = Buffer.allocUnsafe(blockBytes);
    let rest = '';
    let first = true;
    for (;;) {
      const read = readSync(fd, block, 0, blockBytes, null);
      if (read === 0) break;
      let text = rest + decoder.write(block.subarray(0, read));
      if (first && text.length > 0) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        yield text.slice(start, end);
        start = end + 1;
      }
      rest = text.slice(start);
    }
    rest += decoder.end();
    if (rest !== '') yield rest;
  } finally {
    closeSync(fd);
  }
}

/** A file opened for import: its text, decompressed into a temporary file when the file was gzip. */
export interface OpenedFile {
  text: TextFile;
  /** Removes the decompressed copy, if one was made. */
  close(): Promise<void>;
}

/** Opens a file for import; a gzip file is decompressed as a stream (never whole in memory) into a temporary file. */
export async function openTextFile(file: string): Promise<OpenedFile> {
  if (!isGzip(headOf(file, 2))) return { text: new TextFile(file), close: async () => {} };
  const tempDir = await mkdtemp(path.join(tmpdir(), 'import-'));
  const close = () => rm(tempDir, { recursive: true, force: true });
  const plain = path.join(tempDir, path.basename(file).replace(/\.gz$/i, ''));
  try {
    await pipeline(createReadStream(file), createGunzip(), createWriteStream(plain));
  } catch (error) {
    await close();
    throw error;
  }
  return { text: new TextFile(plain), close };
}

/** The first `bytes` bytes of a file (fewer when it is shorter). */
export function headOf(file: string, bytes: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    return head.subarray(0, readSync(fd, head, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}
