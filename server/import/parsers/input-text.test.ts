// openTextFile's bound on decompression (decision 186): a gzip file is refused as soon as its decompressed copy would
// pass the bound, not after decompressing it whole.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InflateLimitError, linesOf, openTextFile } from './input-text';

const MB = 1024 * 1024;
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'input-text-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('openTextFile', () => {
  it('decompresses a gzip file into a copy it removes on close', async () => {
    const file = path.join(folder, 'small.tsv.gz');
    await writeFile(file, gzipSync('a\tb\n1\t2\n'));
    const opened = await openTextFile(file, { maxInflatedBytes: MB, tempDir: folder });
    expect([...linesOf(opened.text)]).toEqual(['a\tb', '1\t2']);
    await opened.close();
    expect(await readdir(folder)).toEqual(['small.tsv.gz']);
  });

  it('stops at the bound: a file that decompresses to 4 GB is refused within a block past 1 MB, its copy removed', async () => {
    // 256 gzip members of 16 MB of zeros each, one after another (gunzip reads them as one stream): 4 MB on disk, 4 GB
    // decompressed. What had been decompressed when it was refused is the work done: one gunzip block (64 KB at most)
    // past the bound, not the file.
    const member = gzipSync(Buffer.alloc(16 * MB, 0x30), { level: 9 });
    const file = path.join(folder, 'bomb.tsv.gz');
    await writeFile(file, Buffer.concat(Array.from({ length: 256 }, () => member)));
    const refused = await openTextFile(file, { maxInflatedBytes: MB, tempDir: folder }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InflateLimitError);
    expect(refused).toMatchObject({ limitBytes: MB, problem: `decompresses to more than ${MB} bytes` });
    const { inflatedBytes } = refused as InflateLimitError;
    expect(inflatedBytes).toBeGreaterThan(MB);
    expect(inflatedBytes).toBeLessThanOrEqual(MB + 64 * 1024);
    expect((await readdir(folder)).filter((f) => f !== 'small.tsv.gz')).toEqual(['bomb.tsv.gz']);
    await rm(file);
  });

  it('refuses a gzip file inside a gzip file when bounded', async () => {
    const file = path.join(folder, 'twice.tsv.gz');
    await writeFile(file, gzipSync(gzipSync('a\tb\n')));
    const refused = await openTextFile(file, { maxInflatedBytes: MB, tempDir: folder }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'InflateLimitError', limitBytes: null });
    expect((await readdir(folder)).filter((f) => f.startsWith('twice'))).toEqual(['twice.tsv.gz']);
    await rm(file);
  });
});
