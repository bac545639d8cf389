import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CategoryLinks } from './category-links';

const render = (categories: { slug: string; name: string; datasets: number }[]) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={['/statistics/germany/bayern']}>
      <CategoryLinks basePath="/statistics/germany/bayern" categories={categories} />
    </MemoryRouter>,
  );

describe('CategoryLinks (issue 41: a region offered chips with 0 datasets)', () => {
  it('offers only the categories with datasets that have data for the place', () => {
    const html = render([
      { slug: 'economy', name: 'Economy', datasets: 2 },
      { slug: 'population', name: 'Population', datasets: 0 },
      { slug: 'labour', name: 'Labour market', datasets: 1 },
    ]);
    expect(html).toContain('href="/statistics/germany/bayern/categories/economy"');
    expect(html).toContain('href="/statistics/germany/bayern/categories/labour"');
    expect(html).not.toContain('Population');
  });

  it('says so when no category has data for the place, instead of an empty row of chips', () => {
    expect(render([{ slug: 'population', name: 'Population', datasets: 0 }])).toBe(
      '<p class="text-sm text-slate-600 dark:text-slate-400">No category has data here yet.</p>',
    );
  });
});
