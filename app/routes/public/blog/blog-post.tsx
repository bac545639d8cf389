// /blog/{slug}: a written post, or /blog/inflation-{country}: the article generated from the HICP data.
import { countrySlugOfArticle, inflationArticleSlug } from '#core/blog/blog-countries';
import { InflationArticleView } from '#app/components/blog/inflation-article-view';
import { PostBody } from '#app/components/blog/post-body';
import { formatPostDate, TagLink } from '#app/components/blog/post-list';
import { pageMeta } from '#app/components/site/page-meta';
import { RouteErrorPage } from '#app/components/statistics/route-error-page';
import type { Route } from './+types/blog-post';
import { inflationArticlePage } from './blog-post.server';
import { writtenPost } from './blog.server';
import { notFound } from '#app/features/statistics/places.server';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context;
  const countrySlug = countrySlugOfArticle(params.slug);
  if (countrySlug) {
    const page = await inflationArticlePage(db, countrySlug);
    if (page) return { kind: 'article' as const, ...page };
  }
  const written = await writtenPost(db, params.slug);
  if (!written) notFound(request);
  return { kind: 'post' as const, ...written };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [{ title: 'Page Not Found' }];
  const article = data.kind === 'article';
  return pageMeta(matches, {
    title: article ? data.article.title : data.post.title,
    description: article ? data.article.summary : data.post.summary,
    path: `/blog/${article ? inflationArticleSlug(data.country.name) : data.post.slug}`,
    type: 'article',
  });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'article') {
    return (
      <InflationArticleView
        country={loaderData.country}
        article={loaderData.article}
        charts={loaderData.charts}
        statisticsPath={loaderData.statisticsPath}
      />
    );
  }
  const { post, blocks } = loaderData;
  return (
    <article className="mx-auto max-w-3xl">
      <p className="text-sm">
        <a
          href="/blog"
          className="text-slate-600 underline hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
        >
          Blog
        </a>
      </p>
      <header className="mt-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">{post.title}</h1>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
          <time dateTime={post.published}>{formatPostDate(post.published)}</time> · {post.author}
        </p>
        {post.summary && <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{post.summary}</p>}
        {post.cover && <img src={post.cover} alt="" className="mt-6 w-full rounded-lg" />}
      </header>
      <div className="mt-6">
        <PostBody blocks={blocks} />
      </div>
      {post.tags.length > 0 && (
        <footer className="mt-10 flex flex-wrap gap-1.5 border-t border-slate-200 pt-4 dark:border-slate-800">
          {post.tags.map((t) => (
            <TagLink key={t} tag={t} />
          ))}
        </footer>
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
