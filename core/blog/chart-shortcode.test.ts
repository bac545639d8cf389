import { describe, expect, it } from 'vitest';
import { parseChartShortcode, SHORTCODE_LINE } from './chart-shortcode';

describe('parseChartShortcode', () => {
  it('reads dataset, type, countries, range, title, height and dimensions', () => {
    const line =
      '{{< chart dataset="prc_hicp_manr" type=line countries="de, fr,EA" from="1/2019" to=\'5/2025\' coicop="CP00,CP01" title="Food" height=380 >}}';
    const m = SHORTCODE_LINE.exec(line)!;
    expect(parseChartShortcode(m[1]!)).toEqual({
      ok: true,
      chart: {
        dataset: 'prc_hicp_manr',
        type: 'line',
        countries: ['DE', 'FR', 'EA'],
        from: '1/2019',
        to: '5/2025',
        title: 'Food',
        height: 380,
        dimensions: { coicop: ['CP00', 'CP01'] },
      },
    });
  });

  it('defaults to the specification chart type, bar', () => {
    expect(parseChartShortcode('dataset=tec00118')).toMatchObject({ ok: true, chart: { type: 'bar', countries: [] } });
  });

  it.each([
    ['type=pie dataset=x', 'invalid chart shortcode: type: "pie"'],
    ['countries=DE', 'invalid chart shortcode: dataset'],
    ['dataset="x y"', 'invalid chart shortcode: dataset: "x y"'],
    ['dataset=x height=20', 'invalid chart shortcode: height: "20"'],
  ])('explains what is wrong with %s', (attributes, message) => {
    const result = parseChartShortcode(attributes);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(message);
  });
});
