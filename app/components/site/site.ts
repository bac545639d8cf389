// Names, navigation and plan figures of the public site, in one place for pages, layout and tests.

export { SITE_NAME } from '#core/site';

/** "6,953 datasets", "1 dataset": a count of datasets as the catalogue and the home page say it. */
export const datasetCount = (n: number) => `${n.toLocaleString('en')} dataset${n === 1 ? '' : 's'}`;

/** The header navigation of the default public layout. */
export const mainNav = [
  { to: '/datasets', label: 'Datasets' },
  { to: '/statistics', label: 'Statistics' },
  { to: '/blog', label: 'Blog' },
  { to: '/api-docs', label: 'API' },
  { to: '/pricing', label: 'Pricing' },
] as const;

/** Footer link groups: product pages, developer pages, and the legal and contact pages. */
export const footerGroups = [
  {
    title: 'Product',
    links: [
      { to: '/datasets', label: 'Datasets' },
      { to: '/statistics', label: 'Statistics by country' },
      { to: '/trend-tracking', label: 'Trend tracking' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/about', label: 'About' },
    ],
  },
  {
    title: 'For you',
    links: [
      { to: '/researcher', label: 'Researchers' },
      { to: '/collaboration', label: 'Collaboration' },
      { to: '/content-writer-case-study', label: 'Case study: content writers' },
      { to: '/blog', label: 'Blog' },
    ],
  },
  {
    title: 'Developers',
    links: [
      { to: '/api-developers', label: 'API for developers' },
      { to: '/statistics-api', label: 'Statistics API' },
      { to: '/api-docs', label: 'API reference' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/terms', label: 'Terms' },
      { to: '/privacy', label: 'Privacy' },
      { to: '/contact', label: 'Contact' },
    ],
  },
] as const;

/** The session-storage key the API guard writes an attempted API address to (specification §7). */
export const ATTEMPTED_API_URL_KEY = 'attempted-api-url';
