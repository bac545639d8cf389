// @vitest-environment happy-dom
// The widget's fetches carry the page's token to our own origin only (decision 071), against real local servers.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resolveDataId } from './widget-data';

interface Peer {
  server: Server;
  base: string;
  tokens: (string | undefined)[];
}

async function startPeer(): Promise<Peer> {
  const tokens: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return res.end();
    tokens.push(req.headers['x-page-token'] as string | undefined);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ main_id: 7 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return { server, base: `http://127.0.0.1:${address.port}`, tokens };
}

let own: Peer;
let other: Peer;
beforeAll(async () => {
  [own, other] = await Promise.all([startPeer(), startPeer()]);
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${own.base}/datasets/x`);
});
afterAll(() => {
  own.server.close();
  other.server.close();
});

it('sends the page token of <meta name="page-token"> to our origin, and nothing without one', async () => {
  await expect(resolveDataId(own.base, 1)).resolves.toBe(7);
  const meta = document.createElement('meta');
  meta.name = 'page-token';
  meta.content = '1790000000.abc';
  document.head.append(meta);
  await expect(resolveDataId(own.base, 2)).resolves.toBe(7);
  await expect(resolveDataId('', 3)).resolves.toBe(7);
  expect(own.tokens).toEqual([undefined, '1790000000.abc', '1790000000.abc']);
});

it('never sends it to another origin', async () => {
  await expect(resolveDataId(other.base, 4)).resolves.toBe(7);
  expect(other.tokens).toEqual([undefined]);
});
