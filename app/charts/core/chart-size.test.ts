import { describe, expect, it } from 'vitest';
import {
  chartHeightFor,
  EMBED_ASK_FORM_HEIGHT,
  embedContentHeight,
  embedFrameHeight,
  layoutFor,
  WIDGET_DEFAULT_HEIGHT,
  wrappedLines,
} from './chart-size';

describe('chart sizes (specification §9)', () => {
  it('uses 368px for charts and 350px for maps below the md breakpoint, 428px and 452px from it', () => {
    expect(chartHeightFor(767)).toBe(368);
    expect(chartHeightFor(768)).toBe(428);
    expect(chartHeightFor(767, 'map')).toBe(350);
    expect(chartHeightFor(1280, 'map')).toBe(452);
  });

  it('becomes half layout below 500px of width', () => {
    expect(layoutFor(499)).toBe('half');
    expect(layoutFor(500)).toBe('full');
  });

  it('defaults the widget to 400px', () => {
    expect(WIDGET_DEFAULT_HEIGHT).toBe(400);
  });
});

describe('the embed frame without its script (decision 200)', () => {
  const une = {
    title: 'Unemployment by sex and age - monthly data',
    subtitle:
      'Seasonally adjusted data, not calendar adjusted data · Age class: Total · Sex: Total · Percentage of population in the labour force',
    source: 'Eurostat (une_rt_m)',
    slider: true,
  };

  it('counts the lines a text wraps to at a width', () => {
    expect(wrappedLines('', 16, 300)).toBe(0);
    expect(wrappedLines('Unemployment', 16, 300)).toBe(1);
    expect(wrappedLines(une.title, 16, 200)).toBe(2);
    expect(wrappedLines(une.subtitle, 14, 296)).toBeGreaterThan(wrappedLines(une.subtitle, 14, 700));
  });

  it('is as tall as the content at the narrowest frames, where the title and subtitle wrap most', () => {
    const height = embedFrameHeight(une);
    // Measured in Chromium without scripts (no frame from 320 to 1280px had more): 583px at 365px, before the embed
    // had its "Ask this chart" form (decision 212), which adds its own height.
    expect(height).toBeGreaterThanOrEqual(583 + EMBED_ASK_FORM_HEIGHT);
    expect(height).toBeLessThan(583 + EMBED_ASK_FORM_HEIGHT + 60);
    expect(height).toBe(
      Math.max(...[320, 364, 420, 523, 524, 700, 1280].map((w) => Math.ceil(embedContentHeight(une, w)))),
    );
  });

  it('is never below the 545px of the specification, and grows with a long title, notes and a grown chart', () => {
    const short = { title: 'GDP', subtitle: '', source: 'Eurostat (x)', slider: false };
    expect(embedFrameHeight(short)).toBeGreaterThanOrEqual(545);
    expect(embedFrameHeight({ ...une, title: `${une.title} ${une.title} ${une.title}` })).toBeGreaterThan(
      embedFrameHeight(une),
    );
    expect(embedFrameHeight({ ...une, notes: ['Left out: Liechtenstein has no data for this view.'] })).toBeGreaterThan(
      embedFrameHeight(une),
    );
    expect(embedFrameHeight({ ...une, grownChart: 900 })).toBeGreaterThan(900);
  });
});
