// Per-page title, description, canonical URL and sharing tags, built the same way on every public page.
import type { MetaDescriptor } from 'react-router';
import { asSiteRootData } from './root-data';
import { SITE_NAME } from './site';

export interface PageMetaInput {
  /** The page's own title; the site name is appended unless already part of it. */
  title: string;
  description: string;
  /** Path of the canonical URL. */
  path: string;
  /**
   * Path and query of the view a visitor shares (a chart view of a dataset page): `og:url` and the card image show
   * that view, while the canonical URL stays `path`. Default: `path`.
   */
  sharedPath?: string;
  /** The sharing card's chart in words (decision 213): og:image:alt and twitter:image:alt. */
  imageAlt?: string;
  /** Keeps the page out of search results (error pages). */
  noindex?: boolean;
  type?: 'website' | 'article';
}

type Matches = readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[];

/** The site address from the root loader's data in a meta function's matches. */
export function siteUrlOf(matches: Matches): string {
  const root = matches.find((m) => m?.id === 'root');
  return asSiteRootData(root?.loaderData ?? root?.data)?.siteUrl ?? '';
}

export function fullTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} · ${SITE_NAME}`;
}

export function pageMeta(matches: Matches, input: PageMetaInput): MetaDescriptor[] {
  const site = siteUrlOf(matches);
  const url = `${site}${input.path}`;
  const shared = `${site}${input.sharedPath ?? input.path}`;
  const image = `${site}/api/og-image?path=${encodeURIComponent(input.sharedPath ?? input.path)}`;
  const title = fullTitle(input.title);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: shared },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (input.imageAlt) {
    tags.push(
      { property: 'og:image:alt', content: input.imageAlt },
      { name: 'twitter:image:alt', content: input.imageAlt },
    );
  }
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
