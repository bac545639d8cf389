// PROXY_PURGE_URL (issue 42, decision 218): on each release event every app process sends the caching proxy a BAN
// naming what went stale: the released dataset's key and the site's pages, or everything when posts, redirects or the
// catalogue list changed. A stand-in proxy records the BANs; tests/cluster (npm run test:cluster) runs Varnish itself.
import { createServer, type Server } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirects } from '../../db/schema';
import { importFile } from '../../server/import/runner';
import { PURGE_KEYS_HEADER } from '../../server/http/proxy-purge';
import { mirror } from '../setup/database';
import { until } from '../setup/until';
import { startHarness, type Harness } from './auth-harness';

const TPS = 'eurostat/tps00203/estat_tps00203.tsv';
const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

interface Ban {
  method: string;
  keys: string;
}

let proxy: Server;
const bans: Ban[] = [];
let h: Harness;

beforeAll(async () => {
  // A socket server, not node:http, whose parser refuses methods it does not know (BAN is Varnish's): the request
  // line and the headers are read, each request answered 200, as Varnish answers an allowed BAN.
  proxy = createServer((socket) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      for (let end = text.indexOf('\r\n\r\n'); end >= 0; end = text.indexOf('\r\n\r\n')) {
        const [line, ...headers] = text.slice(0, end).split('\r\n');
        text = text.slice(end + 4);
        const keys = headers.find((h) => h.toLowerCase().startsWith(`${PURGE_KEYS_HEADER.toLowerCase()}:`));
        bans.push({ method: line!.split(' ')[0]!, keys: keys?.slice(keys.indexOf(':') + 1).trim() ?? '' });
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 6\r\n\r\nBanned');
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  h = await startHarness({ samples: [TPS], env: { PROXY_PURGE_URL: `http://127.0.0.1:${port}/` } });
});

afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
});

/** The BANs received from now on, once `count` of them have arrived. */
async function bansAfter(write: () => Promise<unknown>, count: number): Promise<Ban[]> {
  const from = bans.length;
  await write();
  await until(() => bans.length - from >= count, `${count} BANs`);
  // Nothing more on its way for this release: every release heard has been purged, its second purge too (PostgreSQL:
  // 1.5 s after the first).
  await h.app.proxyPurge!.idle();
  return bans.slice(from);
}

async function release(file: string, revise: (line: string) => string): Promise<void> {
  const text = (await readFile(path.join(mirror, file), 'utf8')).split('\n');
  const bytes = Buffer.from(text.map((line, i) => (i === 0 ? line : revise(line))).join('\n'));
  await importFile(h.database.db, { fileName: path.basename(file), bytes, dataMirror: mirror });
}

describe('the proxy purge', () => {
  it("drops the released dataset's answers and the site's pages, again once every process reads the new versions", async () => {
    // PostgreSQL: a process that starts listening purges everything (it cannot know what changed before), twice as
    // every purge there.
    if (postgres) {
      await until(() => bans.length >= 2, 'the two BANs of the start');
      expect(bans).toEqual([
        { method: 'BAN', keys: 'shared' },
        { method: 'BAN', keys: 'shared' },
      ]);
    }
    const got = await bansAfter(
      () => release(TPS, (line) => line.replace(/\t[\d.]+ ?(\w?)\s*$/, '\t12.3 $1')),
      postgres ? 2 : 1,
    );
    expect(got).toEqual(
      Array.from({ length: postgres ? 2 : 1 }, () => ({ method: 'BAN', keys: 'dataset:tps00203 site' })),
    );
  });

  it("drops only another dataset's answers when that one is released", async () => {
    const got = await bansAfter(
      () => release('eurostat/tec00118/estat_tec00118.tsv', (line) => line),
      postgres ? 2 : 1,
    );
    expect(got.map((b) => b.keys)).toEqual(Array.from({ length: postgres ? 2 : 1 }, () => 'dataset:tec00118 site'));
  });

  it('drops everything when a redirect changes what any page answers', async () => {
    const got = await bansAfter(
      () => h.database.db.insert(redirects).values({ fromPath: '/old-page', target: '/datasets/tps00203' }),
      1,
    );
    expect(got[0]).toEqual({ method: 'BAN', keys: 'shared' });
  });
});
