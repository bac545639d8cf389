// Slugs of the generated country inflation articles: /blog/inflation-{country}, the country's English name as a slug.
import { slugify } from '../slugs';

const ARTICLE_PREFIX = 'inflation-';

/** Czechia → inflation-czechia; North Macedonia → inflation-north-macedonia. */
export function inflationArticleSlug(countryName: string): string {
  return `${ARTICLE_PREFIX}${slugify(countryName)}`;
}

/** The country slug of an article slug (inflation-germany → germany), or null for any other slug. */
export function countrySlugOfArticle(slug: string): string | null {
  return slug.startsWith(ARTICLE_PREFIX) && slug.length > ARTICLE_PREFIX.length
    ? slug.slice(ARTICLE_PREFIX.length)
    : null;
}
