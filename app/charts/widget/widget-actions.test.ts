import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyText, followChart, followTarget } from './widget-actions';

// A real local peer answering the plan check: 200 under /member (a signed-in visitor), 401 elsewhere.
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/member/api/account/current-plan') res.end('{"plan":"free"}');
    else {
      res.statusCode = 401;
      res.end('{"error":{"code":"unauthorized","message":"Please sign in to continue."}}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('followChart', () => {
  it('asks the page for the sign-in modal when the plan check fails', async () => {
    const navigate = vi.fn();
    const requireSignIn = vi.fn();
    await expect(followChart(base, 12, { navigate, requireSignIn })).resolves.toBe('sign-in');
    expect(requireSignIn).toHaveBeenCalledWith(12);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens the chart page with the intent to follow when the plan check succeeds', async () => {
    const navigate = vi.fn();
    const requireSignIn = vi.fn();
    await expect(followChart(`${base}/member`, 'prc_hicp_manr', { navigate, requireSignIn })).resolves.toBe('followed');
    expect(navigate).toHaveBeenCalledWith('/app/chart?id=prc_hicp_manr&follow=1');
    expect(requireSignIn).not.toHaveBeenCalled();
  });

  it('treats an unreachable server like a missing session', async () => {
    const requireSignIn = vi.fn();
    await expect(followChart('http://127.0.0.1:1', 3, { navigate: vi.fn(), requireSignIn })).resolves.toBe('sign-in');
    expect(requireSignIn).toHaveBeenCalledWith(3);
    expect(followTarget('a b')).toBe('/app/chart?id=a%20b&follow=1');
  });
});

describe('copyText', () => {
  it('only logs a failed copy', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    await expect(copyText('x')).resolves.toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.resolve() } });
    await expect(copyText('x')).resolves.toBe(true);
    vi.unstubAllGlobals();
    warn.mockRestore();
  });
});
