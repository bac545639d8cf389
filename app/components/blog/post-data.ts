// Shapes of the blog pages' loader data, shared by the server helpers and the components.
import type { PlaceChart } from '../statistics/place-data';

export interface PostCard {
  slug: string;
  title: string;
  summary: string;
  author: string;
  /** ISO date-time of publication. */
  published: string;
  tags: string[];
  cover: string | null;
}

/** A post body in reading order: sanitised HTML from the Markdown, and the charts of its shortcodes. */
export type PostBlock =
  { kind: 'html'; html: string } | { kind: 'chart'; chart: PlaceChart } | { kind: 'chart-error'; message: string };
