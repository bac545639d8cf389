// @vitest-environment happy-dom
// The widget's fetches carry the page's token to our own origin only (decision 071), against real local servers; an
// embed's answers are kept under the key they were fetched by (decision 192).
import { createServer, type Server } from 'node:http';
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadHicp } from '../core/test-fixtures';
import { resolveDataId, useWidgetData, type DataRequest } from './widget-data';

interface Peer {
  server: Server;
  base: string;
  tokens: (string | undefined)[];
  paths: string[];
}

const hicp = JSON.stringify(loadHicp(['DE', 'FR']));

async function startPeer(): Promise<Peer> {
  const tokens: (string | undefined)[] = [];
  const paths: string[] = [];
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') return res.end();
    res.setHeader('Content-Type', 'application/json');
    paths.push(req.url ?? '');
    if (req.url?.startsWith('/api/datasets/1?')) return res.end(hicp);
    tokens.push(req.headers['x-page-token'] as string | undefined);
    res.end(JSON.stringify({ main_id: 7 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return { server, base: `http://127.0.0.1:${address.port}`, tokens, paths };
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

it("keeps an embed's answer under the key it was fetched by: the same chart mounted again draws at once", async () => {
  // An embed on another site: the API's base is an origin other than the page's.
  const req: DataRequest = { base: other.base, datasetId: 1, pathFor: (id) => `/api/datasets/${id}?geo=DE,FR` };
  const first = renderHook(() => useWidgetData(req, 'embed'));
  expect(first.result.current.status).toBe('loading');
  await waitFor(() => expect(first.result.current.status).toBe('ready'));
  first.unmount();
  const fetched = other.paths.length;
  const again = renderHook(() => useWidgetData(req, 'embed'));
  expect(again.result.current.status).toBe('ready');
  again.unmount();
  expect(other.paths.length).toBe(fetched);
  expect(other.paths.filter((p) => p === '/api/datasets/1?geo=DE,FR')).toHaveLength(1);
});
