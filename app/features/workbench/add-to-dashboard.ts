// "Add to dashboard": each indicator's view becomes a followed chart through the follows API (decision 110).

export interface FollowRequest {
  dataset_code: string;
  settings: Record<string, unknown>;
}

export type AddOutcome =
  { status: 'added'; added: number; already: number } | { status: 'signed-out' } | { status: 'error'; message: string };

/**
 * POST /api/account/follows once per indicator, in order. A view followed already keeps its follow (the API answers
 * 200 with it; one follow per view, decision 198); any other failure stops and reports the API's message.
 */
export async function addToDashboard(requests: readonly FollowRequest[]): Promise<AddOutcome> {
  let added = 0;
  let already = 0;
  for (const body of requests) {
    const res = await fetch('/api/account/follows', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status === 401) return { status: 'signed-out' };
    if (res.status === 201) added += 1;
    else if (res.status === 200) already += 1;
    else {
      const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      return { status: 'error', message: answer?.error?.message ?? `API error ${res.status} ${res.statusText}` };
    }
  }
  return { status: 'added', added, already };
}
