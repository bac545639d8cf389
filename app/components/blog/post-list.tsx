// The blog's list of posts (title, date, author, summary, tags), its tag filter and its pages.
import { Link } from 'react-router';
import type { PostCard } from './post-data';

export function formatPostDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function TagLink({ tag, active = false }: { tag: string; active?: boolean }) {
  return (
    <Link
      to={`/blog?tag=${encodeURIComponent(tag)}`}
      className={`rounded-full border px-2.5 py-0.5 text-xs ${
        active
          ? 'border-brand bg-brand/10 font-medium text-brand-dark dark:text-brand'
          : 'border-slate-300 text-slate-600 hover:border-slate-500 dark:border-slate-700 dark:text-slate-300'
      }`}
    >
      {tag}
    </Link>
  );
}

export function PostList({ posts }: { posts: readonly PostCard[] }) {
  return (
    <ol className="divide-y divide-slate-200 dark:divide-slate-800">
      {posts.map((p) => (
        <li key={p.slug} className="py-5" data-post={p.slug}>
          <h3 className="text-xl font-semibold">
            <Link to={`/blog/${p.slug}`} className="hover:underline">
              {p.title}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            <time dateTime={p.published}>{formatPostDate(p.published)}</time> · {p.author}
          </p>
          {p.summary && <p className="mt-2 text-slate-700 dark:text-slate-300">{p.summary}</p>}
          {p.tags.length > 0 && (
            <p className="mt-2 flex flex-wrap gap-1.5">
              {p.tags.map((t) => (
                <TagLink key={t} tag={t} />
              ))}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

export function Pagination({ page, pages, tag }: { page: number; pages: number; tag: string | null }) {
  if (pages <= 1) return null;
  const href = (n: number) => {
    const q = new URLSearchParams();
    if (tag) q.set('tag', tag);
    if (n > 1) q.set('page', String(n));
    const s = q.toString();
    return s ? `/blog?${s}` : '/blog';
  };
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center gap-4 text-sm">
      {page > 1 && (
        <Link to={href(page - 1)} rel="prev" className="underline">
          Newer posts
        </Link>
      )}
      <span className="text-slate-500 dark:text-slate-400">{`Page ${page} of ${pages}`}</span>
      {page < pages && (
        <Link to={href(page + 1)} rel="next" className="underline">
          Older posts
        </Link>
      )}
    </nav>
  );
}
