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
