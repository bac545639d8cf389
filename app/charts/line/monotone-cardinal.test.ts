import { describe, expect, it } from 'vitest';
import { curveCardinal, line } from 'd3-shape';
import { loadHicp } from '../core/test-fixtures';
import { curveMonotoneCardinal } from './monotone-cardinal';

type Segment = { from: [number, number]; c1: [number, number]; c2: [number, number]; to: [number, number] };

/** The cubic segments of a path of M and C commands (what a cardinal curve writes). */
function segments(d: string): Segment[] {
  const out: Segment[] = [];
  let at: [number, number] = [0, 0];
  for (const m of d.matchAll(/([MCL])([^MCLZ]*)/g)) {
    const n = (m[2] ?? '').split(/[ ,]+/).filter(Boolean).map(Number);
    if (m[1] === 'M') at = [n[0]!, n[1]!];
    else if (m[1] === 'L') {
      const to: [number, number] = [n[0]!, n[1]!];
      out.push({ from: at, c1: at, c2: to, to });
      at = to;
    } else {
      const to: [number, number] = [n[4]!, n[5]!];
      out.push({ from: at, c1: [n[0]!, n[1]!], c2: [n[2]!, n[3]!], to });
      at = to;
    }
  }
  return out;
}

/** The y values along a cubic segment, sampled at 50 steps. */
function sampleY(s: Segment): number[] {
  return Array.from({ length: 51 }, (_, i) => {
    const t = i / 50;
    const u = 1 - t;
    return u * u * u * s.from[1] + 3 * u * u * t * s.c1[1] + 3 * u * t * t * s.c2[1] + t * t * t * s.to[1];
  });
}

/** How far each segment's curve leaves the range of the two values it joins (0: never). */
function overshoots(d: string): number[] {
  return segments(d).map((s) => {
    const lo = Math.min(s.from[1], s.to[1]);
    const hi = Math.max(s.from[1], s.to[1]);
    // Below a pixel's billionth is rounding.
    const worst = Math.max(0, ...sampleY(s).map((y) => Math.max(lo - y, y - hi)));
    return worst < 1e-9 ? 0 : worst;
  });
}

const path = (curve: Parameters<ReturnType<typeof line>['curve']>[0], ys: readonly number[]) =>
  line<number>()
    .x((_, i) => i * 40)
    .y((v) => 200 - v * 10)
    .curve(curve)
    .digits(3)(ys as number[]) ?? '';

describe('curveMonotoneCardinal (tension 0.35)', () => {
  const curve = curveMonotoneCardinal(0.35);

  it('never passes above or below the two values a segment joins: a spike (1, 1, 10, 1, 1)', () => {
    const spike = [1, 1, 10, 1, 1];
    // d3's own cardinal curve dips below 1 beside the spike: the flaw this curve removes.
    expect(Math.max(...overshoots(path(curveCardinal.tension(0.35), spike)))).toBeGreaterThan(0.5);
    expect(overshoots(path(curve, spike))).toEqual([0, 0, 0, 0]);
  });

  it('stays within its neighbours on real HICP data (Estonia 2021–2024: 1 % to 25 % and back)', () => {
    const ee = loadHicp(['EE']).data[0]!.rows.flatMap((r) =>
      r.values.Estonia === undefined ? [] : [r.values.Estonia],
    );
    const d = path(curve, ee);
    expect(segments(d)).toHaveLength(ee.length - 1);
    expect(Math.max(...overshoots(d))).toBeLessThan(0.01);
  });

  it('is still a curve where the data rises steadily, not straight lines', () => {
    const d = path(curve, [1, 2, 4, 8, 16]);
    const bent = segments(d).filter((s) => {
      // A straight segment has its control points on the chord.
      const chordY = (x: number) => s.from[1] + ((s.to[1] - s.from[1]) * (x - s.from[0])) / (s.to[0] - s.from[0]);
      return Math.abs(s.c1[1] - chordY(s.c1[0])) > 0.5 || Math.abs(s.c2[1] - chordY(s.c2[0])) > 0.5;
    });
    expect(bent.length).toBeGreaterThanOrEqual(3);
    expect(overshoots(d)).toEqual([0, 0, 0, 0]);
  });

  it('draws the same curve as the cardinal spline where that one never overshoots', () => {
    const gentle = [1, 2, 3, 4, 5];
    expect(path(curve, gentle)).toBe(path(curveCardinal.tension(0.35), gentle));
  });

  it('draws a lone point as a move and two points as a straight line, as d3 does', () => {
    expect(path(curve, [3, 5])).toBe(path(curveCardinal.tension(0.35), [3, 5]));
    expect(path(curve, [3])).toBe(path(curveCardinal.tension(0.35), [3]));
  });
});
