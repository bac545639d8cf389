// The browser files' Chromium switches (browser.ts): Playwright's own `--disable-features` list is kept whole when
// ours replaces it, since Chromium reads only the last such switch.
import { chromium, type LaunchOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchOptions, playwrightDisabledFeatures } from './browser';

/** The command line Playwright would start, read from the error of a launch whose "browser" exits at once. */
async function commandLine(options: LaunchOptions): Promise<string[]> {
  const error = await chromium.launch({ ...options, executablePath: '/bin/true', timeout: 10_000 }).then(
    () => new Error('a browser started'),
    (e: Error) => e,
  );
  const line = /<launching> (.*)/.exec(error.message)?.[1];
  if (!line) throw new Error(`no command line in: ${error.message.slice(0, 300)}`);
  return line.split(' ');
}

const featureSwitches = (args: string[]) => args.filter((a) => a.startsWith('--disable-features='));

describe('the browser files’ Chromium switches', () => {
  it('copies the features Playwright turns off (update browser.ts when Playwright changes them)', async () => {
    const [defaults] = featureSwitches(await commandLine({}));
    expect(defaults).toBe(`--disable-features=${playwrightDisabledFeatures.join(',')}`);
  });

  it('passes one --disable-features: Playwright’s features and the address bar popup’s', async () => {
    const switches = featureSwitches(await commandLine(launchOptions('/bin/true')));
    expect(switches).toHaveLength(1);
    const features = switches[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual([...playwrightDisabledFeatures, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']);
  });
});
