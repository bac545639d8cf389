// Debian's Chromium through playwright-core, with the flags this machine needs.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type LaunchOptions,
  type Page,
  type Request,
} from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright turns off in every Chromium it launches (its `chromiumSwitches`), as one `--disable-features`
 * switch. Chromium reads only the last such switch, so adding features means replacing Playwright's switch with one
 * that names its features and ours. `browser.test.ts` checks this copy against the switch Playwright passes.
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 starts the address bar's popup (two WebUI pages, each a renderer process of its own) for every window,
 * headless too, so every browser context cost two processes no test uses: 12 renderers for 5 contexts instead of 7,
 * and 12 contexts with a page load each took 6.4-7.1 CPU-seconds instead of 4.0-4.4 (decision 231).
 */
const unusedFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions(chromiumPath));
}

/** How the browser files launch Chromium (at `executablePath`). */
export function launchOptions(executablePath: string): LaunchOptions {
  return {
    executablePath,
    ignoreDefaultArgs: [`--disable-features=${playwrightDisabledFeatures.join(',')}`],
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${[...playwrightDisabledFeatures, ...unusedFeatures].join(',')}`,
    ],
  };
}

let shared: Promise<Browser> | undefined;

/**
 * The browser files' Chromium, launched once per worker: the files run one after another in one worker
 * (vitest.config.ts), and each launch cost about a CPU-second and a second of waiting. A file opens contexts of its own
 * and closes them when it ends (`closeContexts`), never the browser; the worker's exit ends it (Playwright kills what
 * it launched). A browser that crashed or was closed is launched again for the next file.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then(
    (browser) => {
      browser.once('disconnected', () => (shared = undefined));
      return browser;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

/** Closes every context a file opened in the shared browser (its pages, their connections and their storage). */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/**
 * Playwright's own limit for a navigation or a wait (30 s by default), as a limit for a hang like the projects' test
 * limits (decision 224): on a slow machine a first page load in a new context took over 30 s and failed a test that
 * passes in a tenth of that elsewhere. Below the browser project's 180 s per test, so that a hang still names the wait.
 */
export const waitLimitMs = 120_000;

/** A context of the shared browser with Playwright's limits set to `waitLimitMs`: every browser file opens them so. */
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(waitLimitMs);
  return context;
}

/** A page whose console errors and failed requests fail the test that reads `problems`. */
export async function newPage(
  browser: Browser,
  options?: BrowserContextOptions,
): Promise<{ page: Page; problems: string[] }> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400 && res.request().resourceType() !== 'document')
      problems.push(`${res.status()} ${res.url()}`);
  });
  const pending = new Set<Request>();
  pendingOf.set(page, pending);
  page.on('request', (req) => pending.add(req));
  page.on('requestfinished', (req) => pending.delete(req));
  page.on('requestfailed', (req) => pending.delete(req));
  return { page, problems };
}

const pendingOf = new WeakMap<Page, Set<Request>>();

/** The requests of a page from newPage that have not finished yet: what a page that never gets ready is waiting on. */
export function pendingRequests(page: Page): string[] {
  return [...(pendingOf.get(page) ?? [])].map((req) => req.url());
}

/**
 * Waits until every chart widget on the page has been measured after hydration (`data-measured`), so that a layout
 * check sees the charts at their final width rather than the server's guess.
 */
export async function waitForMeasuredCharts(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-chart-widget]')).every((el) => el.hasAttribute('data-measured')),
  );
}

/** Two animation frames later: what a render started now (a redraw after a resize or a theme change) has painted. */
export async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Elements of the main content that reach past the right edge of a viewport `width` wide (what scrolls sideways on
 * purpose, inside `.overflow-x-auto`, excepted): the layout checks of the page tests expect none.
 */
export function overflowing(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    (w) =>
      Array.from(document.querySelectorAll('main *'))
        .filter((el) => el.getBoundingClientRect().right > w + 1 && !el.closest('.overflow-x-auto'))
        .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`),
    width,
  );
}
