// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { formatMarkup, loadHicp } from '../core/test-fixtures';
import { TableChart } from './table-chart';

const hicp = loadHicp(['DE', 'FR', 'EA20', 'EE']);

afterEach(cleanup);

describe('TableChart snapshots (HICP, last 12 months)', () => {
  it.each(['light', 'dark'] as const)('renders %s mode', async (theme) => {
    const html = renderToStaticMarkup(<TableChart data={hicp} startIndex={329} theme={theme} />);
    expect(html).not.toContain('NaN');
    await expect(formatMarkup(html)).toMatchFileSnapshot(`__snapshots__/table-last-12-months-${theme}.html`);
  });
});

describe('TableChart', () => {
  const rowLabels = () => screen.getAllByRole('rowheader').map((th) => th.textContent);

  it('is a table with a caption, column headers and row headers', () => {
    render(<TableChart data={hicp} startIndex={329} />);
    const table = screen.getByRole('table');
    expect(
      within(table).getByText('HICP - monthly data (annual rate of change) \u00b7 Annual rate of change (%)'),
    ).toBeTruthy();
    expect(screen.getAllByRole('columnheader')).toHaveLength(13);
    expect(rowLabels()).toEqual(['Germany', 'France', 'Euro area (20)', 'Estonia']);
  });

  it('shows an en dash for a missing value', () => {
    render(<TableChart data={hicp} startIndex={339} />);
    const ea = screen.getByRole('rowheader', { name: 'Euro area (20)' }).closest('tr');
    expect(ea?.querySelector('td')?.textContent).toBe('\u2013');
  });

  it('toggles the sort of a column between descending and ascending and reports it with aria-sort', () => {
    render(<TableChart data={hicp} startIndex={329} />);
    const header = () => screen.getByRole('columnheader', { name: /^5\/2025/ });
    expect(header().getAttribute('aria-sort')).toBe('none');

    fireEvent.click(within(header()).getByRole('button'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    expect(rowLabels()).toEqual(['Estonia', 'Germany', 'France', 'Euro area (20)']);

    fireEvent.click(within(header()).getByRole('button'));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    expect(rowLabels()).toEqual(['France', 'Germany', 'Estonia', 'Euro area (20)']);

    fireEvent.click(within(screen.getByRole('columnheader', { name: /^Country/ })).getByRole('button'));
    expect(header().getAttribute('aria-sort')).toBe('none');
    expect(rowLabels()).toEqual(['Estonia', 'Euro area (20)', 'France', 'Germany']);
  });

  it("shows the specification's message when there is nothing to show", () => {
    render(<TableChart data={hicp} countries={['XX']} />);
    expect(screen.getByRole('status').textContent).toBe('No data found for this dataset');
  });
});
