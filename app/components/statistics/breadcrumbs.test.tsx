import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs, breadcrumbJsonLd, themeCrumbs, type Crumb } from './breadcrumbs';

const render = (items: Crumb[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Breadcrumbs items={items} />
    </MemoryRouter>,
  );
/** The steps shown below the `sm` width: each <li> without `hidden`, by its text. */
const onPhones = (html: string) =>
  [...html.matchAll(/<li class="([^"]*)">(.*?)<\/li>/g)]
    .filter(([, cls]) => !cls!.split(' ').includes('hidden'))
    .map(([, , inner]) =>
      inner!
        .replace(/<[^>]+>/g, '')
        .replace('›', '')
        .trim(),
    );

const deep = themeCrumbs(
  [
    { slug: 'data', name: 'Database by themes' },
    { slug: 'economy', name: 'Economy and finance' },
    { slug: 'gov', name: 'Government statistics' },
    { slug: 'gov_gfs10', name: 'Annual government finance statistics' },
    { slug: 'gov_10a_main', name: 'Main aggregates' },
  ],
  'Government deficit/surplus, debt and associated data',
);

describe('Breadcrumbs (issue 36: a deep theme path took four or five lines above the title at 375 px)', () => {
  it('folds the steps between the first and the parent into a button on phones, and keeps every link', () => {
    const html = render(deep);
    // The current page is the heading right below the trail: on phones the trail ends at its parent.
    expect(onPhones(html)).toEqual(['Datasets', '…', 'Main aggregates']);
    expect(html).toMatch(/<span aria-current="page"[^>]*>Government deficit\/surplus, debt and associated data</);
    expect(html).toContain('aria-label="Show the whole path"');
    // Wider screens, crawlers and readers without scripts still have every step's link.
    for (const slug of ['economy', 'gov', 'gov_gfs10', 'gov_10a_main'])
      expect(html).toContain(`href="/datasets?category=${slug}"`);
    expect(html).toMatch(/<li class="flex items-center gap-x-1.5 sm:hidden">/);
  });

  it('leaves a short trail as it is', () => {
    const html = render([{ label: 'Datasets', to: '/datasets' }, { label: 'Economy', to: '/x' }, { label: 'GDP' }]);
    expect(onPhones(html)).toEqual(['Datasets', 'Economy']);
    expect(html).not.toContain('Show the whole path');
  });
});

describe('breadcrumbJsonLd', () => {
  it('gives search engines the same trail, each step with its address and the current page at its path', () => {
    const ld = breadcrumbJsonLd(
      deep.slice(0, 2).concat(deep.at(-1)!),
      'https://example.org',
      '/datasets/gov_10dd_edpt1',
    );
    expect(ld).toEqual({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Datasets', item: 'https://example.org/datasets' },
          {
            '@type': 'ListItem',
            position: 2,
            name: 'Economy and finance',
            item: 'https://example.org/datasets?category=economy',
          },
          {
            '@type': 'ListItem',
            position: 3,
            name: 'Government deficit/surplus, debt and associated data',
            item: 'https://example.org/datasets/gov_10dd_edpt1',
          },
        ],
      },
    });
  });
});
