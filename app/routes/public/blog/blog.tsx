// /blog: published posts newest first with paging and tags, and the country grid of inflation articles.
import { data } from 'react-router';
import { PostList, Pagination, TagLink } from '#app/components/blog/post-list';
import { blogInflationHref, CountryGrid } from '#app/components/site/country-grid';
import { pageMeta } from '#app/components/site/page-meta';
import { RouteErrorPage } from '#app/components/statistics/route-error-page';
import type { Route } from './+types/blog';
import { blogIndex, pageParam } from './blog.server';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageParam(url);
  const tag = url.searchParams.get('tag')?.trim().toLowerCase() || null;
  const index = page === null ? null : await blogIndex(context.db, page, tag);
  if (!index || (index.page > 1 && index.posts.length === 0)) {
    throw data({ message: `Page Not Found: ${url.pathname}${url.search}` }, { status: 404 });
  }
  return index;
}

/** The address of a list of posts: /blog, /blog?tag=inflation, /blog?tag=inflation&page=2. */
function blogIndexPath(tag: string | null, page: number): string {
  const query = new URLSearchParams();
  if (tag) query.set('tag', tag);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `/blog?${search}` : '/blog';
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: 'Page Not Found' }];
  return [
    ...pageMeta(matches, {
      title: data.tag ? `Blog tagged ${data.tag}` : 'Blog',
      description:
        'Articles on European inflation, labour markets and regional GDP, with live charts of the official data.',
      // A tag and a later page are lists of their own; ?page=1 and a tag's case are folded into one address.
      path: blogIndexPath(data.tag, data.page),
    }),
    { tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title: 'Blog feed', href: '/blog/feed.xml' },
  ];
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, total, page, pages, tag, tags, figures } = loaderData;
  return (
    <div className="space-y-12">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">Blog</h1>
        <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-400">
          Notes on the official figures, with charts that update when a new release is imported.{' '}
          <a href="/blog/feed.xml" className="underline">
            Subscribe to the feed
          </a>
          .
        </p>
      </header>
      <section aria-labelledby="posts">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="posts" className="text-lg font-semibold">
            {tag ? `Posts tagged “${tag}”` : 'Latest posts'}
          </h2>
          {tags.length > 0 && (
            <p className="flex flex-wrap gap-1.5" aria-label="Tags">
              {tags.map((t) => (
                <TagLink key={t.tag} tag={t.tag} active={t.tag === tag} />
              ))}
            </p>
          )}
        </div>
        {posts.length > 0 ? (
          <PostList posts={posts} />
        ) : (
          <p className="mt-4 text-slate-600 dark:text-slate-400">
            {tag ? `No post is tagged “${tag}”.` : 'No post has been published.'}
          </p>
        )}
        <Pagination page={page} pages={pages} tag={tag} />
        {total > 0 && <p className="sr-only">{total} posts</p>}
      </section>
      <section aria-labelledby="countries">
        <h2 id="countries" className="text-lg font-semibold">
          Inflation by country
        </h2>
        <p className="mt-1 mb-4 text-slate-600 dark:text-slate-400">
          An article for each country, written from the latest HICP release: the annual rate, its peak, the euro area
          and EU comparison and the last 12 months.
        </p>
        <CountryGrid href={blogInflationHref} figures={figures} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
