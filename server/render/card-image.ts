// A page's 1200 × 630 sharing card as a PNG: satori lays out the card (server/charts/og-card.tsx), resvg draws it. Run in
// the drawing threads (decision 182).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { createElement } from 'react';
import satori from 'satori';
import { CARD_SIZE, OgCard } from '../charts/og-card';
import type { CardContent } from '../charts/og-card';

const SITE_NAME = 'Statistics publisher';

const require = createRequire(import.meta.url);
type Font = { name: string; data: Buffer; weight: 400 | 600 | 700; style: 'normal' };
let fonts: Promise<Font[]> | undefined;

/** Inter from @fontsource/inter (WOFF: satori reads TTF, OTF and WOFF, not WOFF2), read once per thread. */
function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    ([400, 600, 700] as const).map(async (weight) => ({
      name: 'Inter',
      weight,
      style: 'normal' as const,
      data: await readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    })),
  );
  return fonts;
}

export async function drawCard(card: CardContent, host: string): Promise<Buffer> {
  const svg = await satori(createElement(OgCard, { card, siteName: SITE_NAME, host }), {
    ...CARD_SIZE,
    fonts: await loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
