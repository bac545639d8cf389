// Files admins upload on /app/admin/imports (issue 15, decision 171): the posted form is parsed as it arrives
// (@fastify/busboy) and its file written to a folder of uploads a chunk at a time, never held whole; the import then
// reads it from there (importFile's `path`) and the refresh service removes it when the import ends.
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import { UPLOAD_FORM_BYTES, type ImportForm, type SavedUpload } from '../../core/admin-imports';

export interface ReadUploadOptions {
  /** The folder the file is written to (made when missing). */
  dir: string;
  /** The field whose file is kept; files of other fields, and a second one, are read past and dropped. */
  fileField: string;
  /** Past this many bytes of the file, reading stops and nothing of it is kept. */
  maxFileBytes: number;
}

/** Text fields a form may have, and the bytes of each: the imports page's forms send two or three short ones. */
const maxFields = 16;
const maxFieldBytes = 4 * 1024;
/**
 * Once the parser stops early (a file over its limit, a malformed form), what is left of the body is still read and
 * dropped, so that the client, which is still sending, reads the answer; up to this much, then the reader lets go
 * (which closes the connection). The path's body limit leaves no more than this after a file's limit.
 */
const maxDrainBytes = UPLOAD_FORM_BYTES;

/**
 * The name an uploaded file goes by in its job and the import's messages: its last path part, with characters other
 * than letters, digits, spaces, `.`, `-` and `_` as `_`, no leading dots, at most 120 characters. On disk it follows a
 * random prefix, spaces as `_`.
 */
export function uploadName(fileName: string): string {
  const safe = (fileName.split(/[\\/]/).pop() ?? '')
    .replace(/[^\w. -]+/g, '_')
    .replace(/^[. ]+/, '')
    .trim()
    .slice(-120);
  return safe || 'upload';
}

/** Removes a file of the uploads folder `dir`, and nothing outside it; a failure is logged, not thrown. */
export async function removeUpload(dir: string, file: string, log?: (line: string) => void): Promise<void> {
  if (path.dirname(path.resolve(file)) !== path.resolve(dir)) return;
  await rm(file, { force: true }).catch((error: unknown) => log?.(`could not remove ${file}: ${String(error)}`));
}

/**
 * Removes what imports that never ended left in the uploads folder `dir` (a process killed mid-import, decision 186):
 * every file or folder there last written more than `olderThanMs` ago, except those of `inUse` (this process's running
 * imports: an upload's path, and the folder of its decompressed copy, named after it). Younger ones stay: another
 * process sharing the folder may be importing them. Returns how many were removed; failures are logged, not thrown.
 */
export async function sweepUploads(
  dir: string,
  opts: { olderThanMs: number; inUse: Iterable<string>; log?: (line: string) => void },
): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const busy = [...opts.inUse].map((file) => path.basename(file));
  const before = Date.now() - opts.olderThanMs;
  let removed = 0;
  for (const name of names) {
    if (busy.some((b) => name === b || name.startsWith(`${b}-`))) continue;
    const entry = path.join(dir, name);
    try {
      if ((await stat(entry)).mtimeMs >= before) continue;
      await rm(entry, { recursive: true, force: true });
      removed++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') opts.log?.(`could not remove ${entry}: ${String(error)}`);
    }
  }
  if (removed > 0) opts.log?.(`removed ${removed} file(s) of imports that did not end from ${dir}`);
  return removed;
}

/**
 * Reads a posted form (multipart or URL-encoded) as its body arrives. The file of `fileField` goes to
 * `<dir>/<random id>-<name>` with back-pressure: the body is read no faster than the disk takes it. An empty file is
 * not kept (`file: null`). Past `maxFileBytes` of the file, the parser stops, the partial file is removed and
 * `tooLarge` is set. Rejects (having removed the partial file) when the body is no form, breaks off or is malformed.
 */
export async function readUploadForm(request: Request, opts: ReadUploadOptions): Promise<ImportForm> {
  // Throws for a body that is no form (no or another Content-Type, no multipart boundary).
  const parser = Busboy({
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    limits: { fields: maxFields, fieldSize: maxFieldBytes, parts: maxFields + 4, fileSize: opts.maxFileBytes },
  });
  await mkdir(opts.dir, { recursive: true });

  const fields = new Map<string, string>();
  /** The file being written: its stream from the parser, the file's stream, where it goes, and the writing's end. */
  const upload: { stream?: Readable; out?: WriteStream; path?: string; saved?: Promise<SavedUpload> } = {};
  let tooLarge = false;
  /** Settles when the parser must stop before the body's end: the file passed its limit, or writing it failed. */
  let stopNow!: () => void;
  const stopped = new Promise<void>((resolve) => (stopNow = resolve));

  parser.on('field', (name, value) => {
    if (!fields.has(name)) fields.set(name, value);
  });
  parser.on('file', (name, stream, given: string | undefined) => {
    if (name !== opts.fileField || upload.stream) {
      stream.resume();
      return;
    }
    // A part of file type may come without a name (busboy then gives none).
    const fileName = uploadName(given ?? '');
    const file = path.join(opts.dir, `${randomUUID()}-${fileName.replaceAll(' ', '_')}`);
    const out = createWriteStream(file, { flags: 'wx' });
    Object.assign(upload, { stream, out, path: file });
    stream.on('limit', () => {
      tooLarge = true;
      stopNow();
    });
    upload.saved = pipeline(stream, out).then(() => ({ name: fileName, path: file, bytes: out.bytesWritten }));
    // A failed write stops the parser (which would otherwise wait for the file's reader); awaited below.
    upload.saved.catch(() => stopNow());
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('finish', resolve);
    parser.on('error', reject);
  });

  const reader = request.body?.getReader();
  let draining = false;
  /** Writes the body to the parser as it arrives; once draining, reads what is left and drops it. */
  const pump = async () => {
    if (!reader) return void parser.end();
    let dropped = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        if (!draining) parser.end();
        return;
      }
      if (draining) {
        dropped += value.byteLength;
        if (dropped > maxDrainBytes) return void (await reader.cancel());
        continue;
      }
      // Back-pressure: wait until the parser (so the file's writing) wants more; stopping destroys it, which ends this.
      if (!parser.write(value)) await drained(parser);
    }
  };
  const pumping = pump();

  try {
    await Promise.race([Promise.all([pumping, parsed]), stopped]);
    if (tooLarge) throw new Error('the file is over its limit');
    const saved = upload.saved ? await upload.saved : null;
    if (saved?.bytes === 0) {
      await removeUpload(opts.dir, saved.path);
      return { fields, file: null, tooLarge: false };
    }
    return { fields, file: saved, tooLarge: false };
  } catch (error) {
    // Stop parsing and writing, wait until the file is closed, then remove what was written. (The pipeline is not
    // waited for: a part stopped with bytes still in its stream's buffer never settles it.)
    draining = true;
    parser.destroy();
    upload.stream?.destroy();
    if (upload.out) await closed(upload.out.destroy());
    if (upload.path) await removeUpload(opts.dir, upload.path);
    pumping.catch(() => {});
    if (tooLarge) return { fields, file: null, tooLarge: true };
    throw error;
  }
}

/** Settles when a file's stream has closed its file. */
function closed(out: WriteStream): Promise<void> {
  return new Promise((resolve) => (out.closed ? resolve() : out.once('close', () => resolve())));
}

/** Settles when a writable wants more, or is gone. */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
