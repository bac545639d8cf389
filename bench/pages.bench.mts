// npm run bench:pages: Lighthouse-style figures for /, /datasets/{id}, /statistics/{country} and an embed in Chromium
// with 4x CPU slowdown (largest contentful paint, first contentful paint, total transfer size), beside a one-heading
// static page in the same run (issue 18: LCP under 1.2 s for each).
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startAppServer } from '../tests/setup/app-server';
import { launchBrowser } from '../tests/setup/browser';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const pages = [
  '/',
  '/datasets/prc_hicp_manr',
  '/statistics/germany',
  '/datasets/prc_hicp_manr?embed=true&chart_type=line&country[]=DE&country[]=FR',
];

interface Sample {
  lcp: number;
  fcp: number;
  bytes: number;
  requests: number;
}

/** The app built and started on a free port with the sample data (in memory), unless BENCH_BASE names a server. */
async function startApp(): Promise<{ base: string; stop: () => void }> {
  if (process.env.BENCH_BASE) return { base: process.env.BENCH_BASE, stop: () => {} };
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'ignore' });
  const { child, base } = await startAppServer({
    env: { ...process.env, DATABASE_URL: 'memory:', PORT: '0', HOST: '127.0.0.1' },
  });
  return { base, stop: () => child.kill('SIGTERM') };
}

/** The baseline: a static page with one heading and nothing else, from a plain Node HTTP server. */
async function startBaseline(): Promise<{ url: string; server: Server }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head><body><h1>European statistics, exactly as published</h1></body></html>';
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** One cold load in a fresh context: CPU slowed 4x, every byte counted as it came over the wire. */
async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    requests += 1;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  // Not 'networkidle': the dataset page keeps its live-update stream (/api/live, server-sent events) open, so the
  // network never idles there. 'load' plus a settle time lets LCP and the page's own fetches finish.
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const { lcp, fcp } = await page.evaluate(() => ({
    lcp: (window as unknown as { __lcp: number }).__lcp,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  }));
  await context.close();
  return { lcp, fcp, bytes, requests };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const app = await startApp();
  const baseline = await startBaseline();
  const browser = await launchBrowser();
  try {
    const targets = [['static one-heading page (baseline)', baseline.url], ...pages.map((p) => [p, app.base + p])];
    // One warm-up load per page: the server's caches and PGlite's buffers are filled, as on a running site.
    for (const [, url] of targets) await measure(browser, url!);
    console.log(`Chromium, CPU slowdown ${CPU_SLOWDOWN}x, cold browser cache, median of ${RUNS} loads\n`);
    console.log(
      `${'page'.padEnd(36)} ${'LCP ms'.padStart(8)} ${'FCP ms'.padStart(8)} ${'transfer KB'.padStart(12)} ${'requests'.padStart(9)}`,
    );
    let baseLcp = 0;
    for (const [label, url] of targets) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await measure(browser, url!));
      const lcp = median(samples.map((s) => s.lcp));
      if (!baseLcp) baseLcp = lcp;
      console.log(
        `${label!.slice(0, 36).padEnd(36)} ${lcp.toFixed(0).padStart(8)} ${median(samples.map((s) => s.fcp))
          .toFixed(0)
          .padStart(
            8,
          )} ${(median(samples.map((s) => s.bytes)) / 1024).toFixed(1).padStart(12)} ${String(median(samples.map((s) => s.requests))).padStart(9)}   LCP ${(lcp / baseLcp).toFixed(1)}x baseline`,
      );
    }
  } finally {
    await browser.close();
    baseline.server.close();
    app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
