// The browser's calls to /api/account/follows (same origin: the session cookie and the Origin header go along).
import type { FollowSettings } from './follow-view';

/** A follow as the API answers it. */
export interface FollowJson {
  id: number;
  dataset_id: number;
  dataset_code: string;
  dataset_name: string;
  settings: FollowSettings;
  position: number | null;
  created_at: string;
  updated_at: string;
  last_seen_at: string | null;
}

async function call<T>(method: string, path: string, body?: unknown, keepalive = false): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    keepalive,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const error = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(error?.error?.message ?? `API error ${res.status} ${res.statusText}`);
  }
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export function followDataset(datasetId: number, settings: FollowSettings): Promise<FollowJson> {
  return call('POST', '/api/account/follows', { dataset_id: datasetId, settings });
}

/** Saves changed settings (merged on the server); `keepalive` lets it finish while the page unloads. */
export function saveFollow(
  id: number,
  change: { settings?: FollowSettings; seen?: true },
  keepalive = false,
): Promise<FollowJson> {
  return call('PATCH', `/api/account/follows/${id}`, change, keepalive);
}

export function unfollow(id: number): Promise<void> {
  return call('DELETE', `/api/account/follows/${id}`);
}

export function orderFollows(ids: readonly number[]): Promise<{ follows: FollowJson[] }> {
  return call('PUT', '/api/account/follows/order', { ids });
}
