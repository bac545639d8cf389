// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
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

  it('walks its data cells by keyboard: one tab stop, arrows, Home and End (Ctrl or Cmd: the table), each cell said', () => {
    render(<TableChart data={hicp} startIndex={329} />);
    const cells = () => [...document.querySelectorAll('tbody td')] as HTMLElement[];
    const live = () => document.querySelector('.chart-table > [aria-live="polite"]')!.textContent;
    const focused = () => {
      const td = document.activeElement as HTMLTableCellElement;
      return [td.closest('tr')!.querySelector('th')!.textContent, td.cellIndex - 1];
    };
    // The first data cell is the table's one stop in the tab order; the others take the focus by the keys only.
    expect(cells().map((c) => c.tabIndex)).toEqual(cells().map((_, i) => (i === 0 ? 0 : -1)));
    act(() => cells()[0]!.focus());
    expect(live()).toBe('Germany; Annual rate of change (%), May 2025; 2.1 (estimated)');
    const press = (key: string, init: KeyboardEventInit = {}) =>
      fireEvent.keyDown(document.activeElement!, { key, ...init });
    press('ArrowRight');
    expect(focused()).toEqual(['Germany', 1]);
    expect(live()).toBe('Germany; Annual rate of change (%), April 2025; 2.2');
    press('ArrowDown');
    press('ArrowDown');
    expect(focused()).toEqual(['Euro area (20)', 1]);
    press('End');
    expect(focused()).toEqual(['Euro area (20)', 11]);
    expect(live()).toBe('Euro area (20); Annual rate of change (%), June 2024; 2.5');
    press('ArrowRight');
    expect(focused()).toEqual(['Euro area (20)', 11]);
    press('Home');
    expect(focused()).toEqual(['Euro area (20)', 0]);
    expect(live()).toBe('Euro area (20); Annual rate of change (%), May 2025; No data');
    press('End', { ctrlKey: true });
    expect(focused()).toEqual(['Estonia', 11]);
    press('ArrowDown');
    expect(focused()).toEqual(['Estonia', 11]);
    press('Home', { ctrlKey: true });
    expect(focused()).toEqual(['Germany', 0]);
    // Cmd on a Mac, as Ctrl elsewhere.
    press('End', { metaKey: true });
    expect(focused()).toEqual(['Estonia', 11]);
    press('Home', { metaKey: true });
    expect(focused()).toEqual(['Germany', 0]);
    press('ArrowUp');
    press('ArrowLeft');
    expect(focused()).toEqual(['Germany', 0]);
    // The stop follows the focus: still one cell in the tab order.
    press('ArrowDown');
    expect(cells().filter((c) => c.tabIndex === 0)).toEqual([document.activeElement]);
  });

  it('keeps the tab stop on its cell through a sort (the cell moves with its row)', () => {
    render(<TableChart data={hicp} startIndex={329} />);
    const stop = () => {
      const td = document.querySelector<HTMLTableCellElement>('tbody td[tabindex="0"]')!;
      return [td.closest('tr')!.querySelector('th')!.textContent, td.cellIndex - 1];
    };
    const byCountry = () => within(screen.getByRole('columnheader', { name: /^Country/ })).getByRole('button');
    // Untouched, the first cell as drawn: it moves with its row too.
    fireEvent.click(byCountry());
    expect(stop()).toEqual(['Germany', 0]);
    fireEvent.click(byCountry());
    act(() => document.querySelectorAll<HTMLElement>('tbody tr')[1]!.querySelectorAll('td')[2]!.focus());
    expect(stop()).toEqual(['France', 2]);
    fireEvent.click(byCountry());
    expect(rowLabels()).toEqual(['Estonia', 'Euro area (20)', 'France', 'Germany']);
    expect(stop()).toEqual(['France', 2]);
    expect(document.querySelectorAll('tbody td[tabindex="0"]')).toHaveLength(1);
  });

  it('writes out the words of its cells for the embed only (keyWalk)', () => {
    const embed = renderToStaticMarkup(<TableChart data={hicp} startIndex={329} keyWalk />);
    expect(embed).toContain('data-said="{place}; Annual rate of change (%), May 2025; {value}"');
    expect(embed).toContain('data-said="2.1 (estimated)"');
    expect(embed).toContain('data-said="No data"');
    expect(renderToStaticMarkup(<TableChart data={hicp} startIndex={329} />)).not.toContain('data-said');
  });

  it("shows the specification's message when there is nothing to show", () => {
    render(<TableChart data={hicp} countries={['XX']} />);
    expect(screen.getByRole('status').textContent).toBe('No data found for this dataset');
  });
});
