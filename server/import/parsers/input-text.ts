// Turns what a parser is given (text, bytes that may be gzip-compressed, or a text file on disk) into the text to
// parse, or into its lines one at a time.
import { closeSync, createReadStream, createWriteStream, openSync, readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
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

/** How far `openTextFile` may decompress a gzip file, and where its decompressed copy goes. */
export interface OpenLimits {
  /** Past this many decompressed bytes, decompressing stops and `InflateLimitError` is thrown (uploads, decision 186). */
  maxInflatedBytes?: number;
  /** The folder the copy's folder is made in, named after the file (default: the system's temporary folder). */
  tempDir?: string;
}

/** A file `openTextFile` refused while decompressing it; `problem` says why (the import names the file). */
export class InflateLimitError extends Error {
  constructor(
    readonly problem: string,
    readonly limitBytes: number | null,
    /** How many decompressed bytes had come when it was refused (past the limit by one block at most). */
    readonly inflatedBytes: number | null = null,
  ) {
    super(problem);
    this.name = 'InflateLimitError';
  }
}

/**
 * Opens a file for import; a gzip file is decompressed as a stream (never whole in memory) into a temporary file.
 * With `maxInflatedBytes`, decompressing stops once the copy would pass it, and a gzip file inside the gzip file is
 * refused (its own decompression is not bounded): the copy is removed and InflateLimitError thrown.
 */
export async function openTextFile(file: string, limits: OpenLimits = {}): Promise<OpenedFile> {
  if (!isGzip(headOf(file, 2))) return { text: new TextFile(file), close: async () => {} };
  // In a given folder, the copy's folder is named after the file (`<file>-XXXXXX`), so what belongs to it is known.
  const prefix = limits.tempDir ? path.join(limits.tempDir, `${path.basename(file)}-`) : path.join(tmpdir(), 'import-');
  const tempDir = await mkdtemp(prefix);
  const close = () => rm(tempDir, { recursive: true, force: true });
  const plain = path.join(tempDir, path.basename(file).replace(/\.gz$/i, ''));
  const max = limits.maxInflatedBytes;
  try {
    await pipeline(
      createReadStream(file),
      createGunzip(),
      ...(max === undefined ? [] : [byteLimit(max)]),
      createWriteStream(plain),
    );
    if (max !== undefined && isGzip(headOf(plain, 2))) {
      throw new InflateLimitError('is a gzip file inside a gzip file: decompress it once before uploading it.', null);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { text: new TextFile(plain), close };
}

/** Passes bytes through until more than `max` have come, then fails with InflateLimitError. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > max) return done(new InflateLimitError(`decompresses to more than ${max} bytes`, max, seen));
      done(null, chunk);
    },
  });
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
