// Loading the widget's data on the client: data-id resolution, the dataset API, map outlines; cached per URL.
import { useEffect, useState } from 'react';
import { datasetDataSchema, type DatasetData } from '#core/schemas/dataset';
import { apiErrorMessage } from '../core/chart-messages';
import type { Outlines } from '../map/map-match';
import type { LoadedOutlines } from './chart-view';
import { DataCache } from './data-cache';
import { chooseOutlines, geoCodesOf, outlinesPath } from './widget-state';

/** A response the widget can draw (its rows carry the values' flags, which the table view shows). */
export interface WidgetData {
  data: DatasetData;
}

export type WidgetLoad =
  { status: 'loading' } | { status: 'ready'; value: WidgetData } | { status: 'error'; message: string };

// Reason phrases for servers (HTTP/2) that send none, so the message still reads 'API error 404 Not Found'.
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A failed call as the error panel shows it. */
export class WidgetApiError extends Error {
  constructor(status: number, statusText: string) {
    super(apiErrorMessage(status, statusText || REASONS[status] || ''));
    this.name = 'WidgetApiError';
  }
}

/**
 * The page token our pages carry (`<meta name="page-token">`, signed by the server, valid an hour): sent with the
 * widget's fetches so that the site's own charts do not count against the visitor's daily API limit. (The pages'
 * loader data fetches send it too: app/components/site/page-token-fetch.ts, decision 184.)
 */
function pageTokenHeader(url: string): Record<string, string> {
  if (typeof document === 'undefined') return {};
  // Only to our own origin: another site's API has no use for it (and a custom header would need CORS there).
  if (new URL(url, document.baseURI).origin !== window.location.origin) return {};
  const token = document.querySelector<HTMLMetaElement>('meta[name="page-token"]')?.content;
  return token ? { 'X-Page-Token': token } : {};
}

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { signal, headers: { Accept: 'application/json', ...pageTokenHeader(url) } });
  if (!res.ok) throw new WidgetApiError(res.status, res.statusText);
  return res.json();
}

/** GET /api/datasets/data-point/{dataId} → the dataset id (main_id). */
export async function resolveDataId(base: string, dataId: number | string, signal?: AbortSignal): Promise<number> {
  const body = await getJson(`${base}/api/datasets/data-point/${encodeURIComponent(String(dataId))}`, signal);
  const id = (body as { main_id?: unknown } | null)?.main_id;
  if (typeof id !== 'number') throw new WidgetApiError(500, 'Invalid data-point answer');
  return id;
}

/** GET /api/datasets/{id}?… validated against the API's schema. */
export async function fetchDatasetData(base: string, path: string, signal?: AbortSignal): Promise<DatasetData> {
  const parsed = datasetDataSchema.safeParse(await getJson(`${base}${path}`, signal));
  if (!parsed.success) throw new WidgetApiError(500, 'Invalid dataset answer');
  return parsed.data;
}

const dataCache = new DataCache<WidgetData>();

export interface DataRequest {
  /** Base URL of the API ('' for the same origin). */
  base: string;
  datasetId?: number | string;
  dataId?: number | string;
  /** Builds the dataset path once the id is known. */
  pathFor: (datasetId: number | string) => string;
  /** The request the page already answered (server-side), with its path. */
  initial?: { path: string; value: WidgetData } | null;
  /** The page already knows the answer is an error (a selection that matches nothing): nothing to fetch. */
  disabled?: boolean;
}

function messageOf(error: unknown): string {
  if (error instanceof WidgetApiError) return error.message;
  return apiErrorMessage(0, error instanceof Error ? error.message : 'Network error');
}

/**
 * The data for the current selection: the page's initial data without a request, else a fetch (after
 * resolving a data id), cached per request (base and path, the latest 50) so that going back to a selection costs
 * nothing.
 */
export function useWidgetData(req: DataRequest, key: string): WidgetLoad {
  const { base, datasetId, dataId, pathFor, initial, disabled } = req;
  // Only browsers keep a cache: a server process must not hold (or share) one page's data for the next.
  const browser = typeof window !== 'undefined';
  // The page's answer is the freshest for its path. A different answer for a path already kept means the data changed
  // (a live page reloaded after new data landed): every kept answer may be old, so they all go.
  if (browser && initial && dataCache.get(base, initial.path) !== initial.value) {
    if (dataCache.has(base, initial.path)) dataCache.clear();
    dataCache.set(base, initial.path, initial.value);
  }
  const knownPath = datasetId !== undefined && datasetId !== '' ? pathFor(datasetId) : null;
  const cached = knownPath
    ? ((browser ? dataCache.get(base, knownPath) : undefined) ??
      (initial?.path === knownPath ? initial.value : undefined))
    : undefined;
  const [state, setState] = useState<{ key: string; load: WidgetLoad }>({ key: '', load: { status: 'loading' } });

  useEffect(() => {
    if (cached || disabled) return;
    const abort = new AbortController();
    (async () => {
      const id =
        datasetId !== undefined && datasetId !== '' ? datasetId : await resolveDataId(base, dataId!, abort.signal);
      const path = pathFor(id);
      const value = dataCache.get(base, path) ?? { data: await fetchDatasetData(base, path, abort.signal) };
      dataCache.set(base, path, value);
      return value;
    })().then(
      (value) => setState({ key, load: { status: 'ready', value } }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        // Logged once for whoever debugs the page; the panel shows the specification's message.
        console.warn('Chart data could not be loaded:', error);
        setState({ key, load: { status: 'error', message: messageOf(error) } });
      },
    );
    return () => abort.abort();
    // The key names the request (ids and selection); pathFor and base follow from it.
  }, [key, cached, disabled]);

  if (cached) return { status: 'ready', value: cached };
  return state.key === key ? state.load : { status: 'loading' };
}

const outlineCache = new Map<string, Promise<Outlines>>();

/** Fetches (once per path) the outlines a map of this data needs. */
export function loadOutlines(base: string, data: DatasetData): { path: string; promise: Promise<LoadedOutlines> } {
  const choice = chooseOutlines(geoCodesOf(data));
  const path = outlinesPath(choice);
  let promise = outlineCache.get(path);
  if (!promise) {
    promise = getJson(`${base}${path}`).then((body) => {
      const fc = body as Outlines | null;
      if (!fc || fc.type !== 'FeatureCollection' || !Array.isArray(fc.features)) {
        throw new WidgetApiError(500, 'Invalid outlines answer');
      }
      return fc;
    });
    promise.catch(() => outlineCache.delete(path));
    outlineCache.set(path, promise);
  }
  return { path, promise: promise.then((outlines) => ({ kind: choice.kind, outlines, path })) };
}

/** The outlines for the map view: the page's, or fetched when the visitor first opens the map. */
export function useOutlines(
  base: string,
  data: DatasetData | null,
  wanted: boolean,
  initial: LoadedOutlines | null | undefined,
): { outlines: LoadedOutlines | null; error: string | null } {
  const [state, setState] = useState<{ path: string; outlines: LoadedOutlines | null; error: string | null }>({
    path: '',
    outlines: null,
    error: null,
  });
  const path = data ? outlinesPath(chooseOutlines(geoCodesOf(data))) : '';
  const initialFits = Boolean(initial && data && initial.path === path);
  useEffect(() => {
    if (!wanted || !data || initialFits || state.path === path) return;
    let live = true;
    loadOutlines(base, data).promise.then(
      (outlines) => live && setState({ path, outlines, error: null }),
      (error: unknown) => live && setState({ path, outlines: null, error: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [base, data, wanted, initialFits, path, state.path]);
  if (initialFits) return { outlines: initial ?? null, error: null };
  return state.path === path ? { outlines: state.outlines, error: state.error } : { outlines: null, error: null };
}
