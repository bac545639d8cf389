// readUploadForm (decision 171): a posted form's file is written to disk as the body arrives, never held whole; past
// its limit reading stops and nothing is kept; an empty file, a broken or malformed body leave nothing behind.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readUploadForm, removeUpload, uploadName } from './uploads';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const url = 'http://localhost:3000/app/admin/imports';
const options = (maxFileBytes = 1024 * 1024) => ({ dir, fileField: 'file', maxFileBytes });
const kept = () => readdir(dir);

/** A form as the browser sends it (undici writes the multipart body). */
function formRequest(parts: [string, string | File][]): Request {
  const body = new FormData();
  for (const [name, value] of parts) body.append(name, value);
  return new Request(url, { method: 'POST', body });
}

const boundary = '----upload-test-boundary';
const encoder = new TextEncoder();

interface Source {
  request: Request;
  /** Bytes the body has given the reader so far. */
  pulled(): number;
  /** Settles when the reader let go of the body before its end. */
  cancelled: Promise<void>;
}

/**
 * A multipart body with `fileBytes` bytes of file sent in chunks of 64 KB after an `intent` field, then a `code`
 * field; `beforeChunk` may hold back chunk `i` (to look at the disk in the middle of the body).
 */
function streamedForm(fileBytes: number, beforeChunk?: (i: number) => Promise<void>): Source {
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.tsv"\r\n` +
      `Content-Type: text/tab-separated-values\r\n\r\n`,
  );
  const tail = encoder.encode(
    `\r\n--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\nbig_set\r\n--${boundary}--\r\n`,
  );
  let pulled = 0;
  let sent = 0;
  let index = 0;
  let cancel!: () => void;
  const cancelled = new Promise<void>((resolve) => (cancel = resolve));
  const enqueue = (c: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array) => {
    pulled += bytes.byteLength;
    c.enqueue(bytes);
  };
  const body = new ReadableStream<Uint8Array>({
    start: (c) => enqueue(c, head),
    async pull(c) {
      if (sent >= fileBytes) {
        enqueue(c, tail);
        c.close();
        return;
      }
      await beforeChunk?.(index++);
      const size = Math.min(chunk.byteLength, fileBytes - sent);
      sent += size;
      enqueue(c, size === chunk.byteLength ? chunk : chunk.subarray(0, size));
    },
    cancel: () => cancel(),
  });
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => pulled, cancelled };
}

describe('readUploadForm', () => {
  it('writes the file to the folder and reads the fields around it', async () => {
    const content = await readFile(path.join(import.meta.dirname, 'schedule.test.ts'));
    const form = await readUploadForm(
      formRequest([
        ['intent', 'upload'],
        ['file', new File([content], 'estat_une_rt_m.tsv')],
        ['code', 'une_rt_m'],
      ]),
      options(),
    );
    expect(form.tooLarge).toBe(false);
    expect([...form.fields]).toEqual([
      ['intent', 'upload'],
      ['code', 'une_rt_m'],
    ]);
    expect(form.file).toMatchObject({ name: 'estat_une_rt_m.tsv', bytes: content.byteLength });
    expect(path.dirname(form.file!.path)).toBe(dir);
    expect(path.basename(form.file!.path)).toMatch(/^[0-9a-f-]{36}-estat_une_rt_m\.tsv$/);
    expect((await readFile(form.file!.path)).equals(content)).toBe(true);
  });

  it('has the file on disk while the body is still arriving (it is never held whole)', async () => {
    const chunks = 32;
    let onDisk = 0;
    const source = streamedForm(chunks * 64 * 1024, async (i) => {
      if (i !== chunks / 2) return;
      // Half the file sent: hold the rest back until the first half is on disk (a reader that buffered the file
      // would wait for the rest, and this would give up).
      const deadline = Date.now() + 5000;
      for (;;) {
        const saved = await readdir(dir);
        if (saved.length === 1) onDisk = (await stat(path.join(dir, saved[0]!))).size;
        if (onDisk >= (chunks / 2 - 4) * 64 * 1024) return;
        if (Date.now() > deadline) throw new Error('the first half of the file never reached the disk');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    const form = await readUploadForm(source.request, options(4 * 1024 * 1024));
    expect(onDisk).toBeGreaterThanOrEqual((chunks / 2 - 4) * 64 * 1024);
    expect(onDisk).toBeLessThan(chunks * 64 * 1024);
    expect(form.file!.bytes).toBe(chunks * 64 * 1024);
    expect(form.fields.get('code')).toBe('big_set');
  });

  it('takes a file of exactly the limit', async () => {
    const form = await readUploadForm(streamedForm(1024 * 1024).request, options(1024 * 1024));
    expect(form.tooLarge).toBe(false);
    expect(form.file!.bytes).toBe(1024 * 1024);
  });

  it('stops at a file one byte over the limit, at the end of the body, and keeps nothing', async () => {
    // The last chunk brings the byte too many and the end of the form: the file's stream still holds bytes when it is
    // stopped (a wait for its pipeline to settle never ended).
    for (const limit of [64 * 1024, 1000 * 1000]) {
      const form = await readUploadForm(streamedForm(limit + 1).request, options(limit));
      expect(form).toMatchObject({ file: null, tooLarge: true });
      expect(await kept()).toEqual([]);
    }
  });

  it('stops a byte past the limit: nothing kept, and the body not read to its end', async () => {
    const source = streamedForm(64 * 1024 * 1024);
    const form = await readUploadForm(source.request, options(1024 * 1024 - 1));
    expect(form).toEqual({ fields: new Map([['intent', 'upload']]), file: null, tooLarge: true });
    expect(await kept()).toEqual([]);
    // What was left is read and dropped for a while (so a client still sending reads the answer), then let go.
    await source.cancelled;
    expect(source.pulled()).toBeLessThan(4 * 1024 * 1024);
  });

  it('keeps no empty file: a form sent without choosing one has file null', async () => {
    const form = await readUploadForm(
      formRequest([
        ['intent', 'upload'],
        ['file', new File([], '')],
      ]),
      options(),
    );
    expect(form).toEqual({ fields: new Map([['intent', 'upload']]), file: null, tooLarge: false });
    expect(await kept()).toEqual([]);
  });

  it('reads past files of other fields and a second file', async () => {
    const form = await readUploadForm(
      formRequest([
        ['other', new File(['x'], 'other.tsv')],
        ['file', new File(['first'], 'first.tsv')],
        ['file', new File(['second'], 'second.tsv')],
      ]),
      options(),
    );
    expect(form.file).toMatchObject({ name: 'first.tsv', bytes: 5 });
    expect(await kept()).toHaveLength(1);
  });

  it('reads a URL-encoded form', async () => {
    const request = new Request(url, { method: 'POST', body: new URLSearchParams({ intent: 'refresh', code: 'x y' }) });
    const form = await readUploadForm(request, options());
    expect(form).toEqual({
      fields: new Map([
        ['intent', 'refresh'],
        ['code', 'x y'],
      ]),
      file: null,
      tooLarge: false,
    });
  });

  it('rejects a body that breaks off in the file, and keeps nothing of it', async () => {
    const whole = await new Response(
      (() => {
        const body = new FormData();
        body.append('file', new File([new Uint8Array(200_000).fill(0x42)], 'cut.tsv'));
        return body;
      })(),
    );
    const type = whole.headers.get('content-type')!;
    const bytes = new Uint8Array(await whole.arrayBuffer()).subarray(0, 150_000);
    const request = new Request(url, { method: 'POST', headers: { 'content-type': type }, body: bytes });
    await expect(readUploadForm(request, options())).rejects.toThrow();
    expect(await kept()).toEqual([]);
  });

  it('rejects a body that is no form', async () => {
    const request = new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expect(readUploadForm(request, options())).rejects.toThrow();
    expect(await kept()).toEqual([]);
  });

  it('names a file by safe characters only, and saves it inside the folder', async () => {
    expect(uploadName('../../etc/passwd')).toBe('passwd');
    expect(uploadName('C:\\fakepath\\une_rt_m.tsv')).toBe('une_rt_m.tsv');
    expect(uploadName('données 2024 (v2).tsv.gz')).toBe('donn_es 2024 _v2_.tsv.gz');
    expect(uploadName('..')).toBe('upload');
    expect(uploadName('.hidden')).toBe('hidden');
    const form = await readUploadForm(
      formRequest([
        ['intent', 'upload'],
        ['file', new File(['x'], 'données 2024 (v2).tsv')],
      ]),
      options(),
    );
    expect(form.file?.name).toBe('donn_es 2024 _v2_.tsv');
    expect(path.dirname(form.file!.path)).toBe(dir);
    expect(path.basename(form.file!.path)).toMatch(/^[0-9a-f-]{36}-donn_es_2024__v2_\.tsv$/);
  });

  it('removes only files of the uploads folder', async () => {
    const outside = path.join(path.dirname(dir), `outside-${path.basename(dir)}`);
    await writeFile(outside, 'keep');
    await removeUpload(dir, outside);
    expect(await readFile(outside, 'utf8')).toBe('keep');
    await rm(outside);
  });
});
