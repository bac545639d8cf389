import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatMarkup, loadHicp, svgProblems } from '../core/test-fixtures';
import { buildTableState, type TableReadyState } from '../table/table-state';
import { layoutTableImage, TableImage } from './table-image';

const hicp = loadHicp(['DE', 'FR', 'EA20', 'EE', 'IT', 'ES']);

describe('TableImage', () => {
  it.each(['light', 'dark'] as const)('draws the newest periods that fit in %s mode', async (theme) => {
    const svg = renderToStaticMarkup(
      <TableImage data={hicp} width={640} height={260} theme={theme} startIndex={330} />,
    );
    expect(svgProblems(svg)).toEqual([]);
    expect(svg).toContain('>5/2025<');
    await expect(formatMarkup(svg)).toMatchFileSnapshot(`__snapshots__/table-image-newest-periods-${theme}.svg`);
  });

  it('lists the rows in the order the visitor sorted the table, and is only as tall as they need (issue 11, item 7)', () => {
    const order = (svg: string) =>
      ['Germany', 'France', 'Estonia', 'Italy', 'Spain'].sort((a, b) => svg.indexOf(`>${a}<`) - svg.indexOf(`>${b}<`));
    const plain = renderToStaticMarkup(<TableImage data={hicp} width={800} height={600} startIndex={330} />);
    const sorted = renderToStaticMarkup(
      <TableImage
        data={hicp}
        width={800}
        height={600}
        startIndex={330}
        sort={{ column: '5/2025', direction: 'descending' }}
      />,
    );
    expect(order(sorted)).toEqual(['Estonia', 'Germany', 'Italy', 'Spain', 'France']);
    expect(order(plain)).not.toEqual(order(sorted));
    expect(Number(/^<svg[^>]* height="(\d+)"/.exec(sorted)?.[1])).toBeLessThan(300);
  });

  it('fits columns to the width and rows to the height, noting the rest', () => {
    const state = buildTableState(hicp) as TableReadyState;
    const wide = layoutTableImage(state, 1200, 400);
    const narrow = layoutTableImage(state, 320, 400);
    expect(wide.columns.length).toBeGreaterThan(narrow.columns.length);
    expect(narrow.columns[0]!.label).toBe('5/2025');
    const short = layoutTableImage(state, 800, 140);
    expect(short.rows.length + short.hiddenRows).toBe(6);
    expect(short.hiddenRows).toBeGreaterThan(0);
    const svg = renderToStaticMarkup(<TableImage data={hicp} width={800} height={140} />);
    expect(svg).toContain(`+ ${short.hiddenRows} more rows`);
  });

  it('shows the specification message without data', () => {
    const empty = { ...hicp, data: [] };
    expect(renderToStaticMarkup(<TableImage data={empty} width={400} />)).toContain('No data found for this dataset');
  });
});
