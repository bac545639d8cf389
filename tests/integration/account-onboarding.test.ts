// Onboarding on a real database (issue 12): it offers only datasets and countries that exist, the datasets picked
// become the first follows showing the countries picked, unknown codes are left out, and once done or skipped it
// never shows again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, loader } from '../../app/routes/auth/onboarding';
import { follows, users } from '../../db/schema';
import { confirmedUser, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ samples: ['eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'] });
});
afterAll(() => h.close());

let count = 0;
/** A confirmed user who has not been through onboarding, as the pages' load context sees them. */
async function newUser() {
  count += 1;
  const client = new TestClient(h);
  await confirmedUser(h, client, `onboarding-${count}@example.org`);
  const session = (await client.request('/api/account/session')).body.session;
  expect(session.user.onboarded).toBe(false);
  return session;
}

const url = (next = '/app/dashboard') => `${h.publicUrl}/onboarding?next=${encodeURIComponent(next)}`;
const context = (session: unknown) => ({ db: h.database.db, auth: { session } }) as never;

async function load(session: unknown, next?: string) {
  try {
    return await loader({ request: new Request(url(next)), context: context(session) } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function submit(session: unknown, fields: [string, string][]) {
  const body = new FormData();
  for (const [k, v] of fields) body.append(k, v);
  return (await action({
    request: new Request(url(), { method: 'POST', body }),
    context: context(session),
  } as never)) as Response | { error: string };
}

describe('onboarding', () => {
  it('offers the datasets and countries that exist, and nothing that does not', async () => {
    const session = await newUser();
    const data = (await load(session)) as Exclude<Awaited<ReturnType<typeof loader>>, Response>;
    expect(data.datasets).toEqual([{ code: 'prc_hicp_manr', name: expect.any(String) }]);
    const names = JSON.stringify(data);
    expect(names).not.toContain('Trade');
    expect(names).not.toContain('Government finance');
    const codes = data.countries.map((c) => c.code);
    expect(codes).toContain('DE');
    expect(codes).toContain('FR');
    // Countries only: aggregates (EU, euro area) are not countries.
    expect(codes).not.toContain('EU27_2020');
    expect(codes).not.toContain('EA');
  });

  it('turns the picks into the first follows, leaves unknown codes out, and never shows again', async () => {
    const session = await newUser();
    const res = await submit(session, [
      ['name', 'Grace'],
      ['datasets', 'prc_hicp_manr'],
      ['datasets', 'trade'],
      ['countries', 'DE'],
      ['countries', 'FR'],
      ['countries', 'XX'],
    ]);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get('location')).toBe('/app/dashboard');
    const rows = await h.database.db.select().from(follows).where(eq(follows.userId, session.user.id));
    expect(rows).toHaveLength(1);
    expect([...rows[0]!.settings.countries!].sort()).toEqual(['DE', 'FR']);
    const [user] = await h.database.db.select().from(users).where(eq(users.id, session.user.id));
    // The name she typed is hers from now on: the greetings use it (issue 41).
    expect(user).toMatchObject({ name: 'Grace', nameGiven: true });
    expect(user!.onboardedAt).not.toBeNull();
    const again = await load({ ...session, user: { ...session.user, onboarded: true } }, '/app/chart?id=1');
    expect(again).toBeInstanceOf(Response);
    expect((again as Response).headers.get('location')).toBe('/app/chart?id=1');
  });

  it('can be skipped: no follows, done for good', async () => {
    const session = await newUser();
    const res = await submit(session, [['intent', 'skip']]);
    expect((res as Response).headers.get('location')).toBe('/app/dashboard');
    expect(await h.database.db.select().from(follows).where(eq(follows.userId, session.user.id))).toEqual([]);
    const [user] = await h.database.db.select().from(users).where(eq(users.id, session.user.id));
    expect(user!.onboardedAt).not.toBeNull();
    // Skipped: the sign-up's random full_name stays, and is still not taken for the person's name (issue 41).
    expect(user!.nameGiven).toBe(false);
  });

  it('asks for a display name', async () => {
    const session = await newUser();
    const res = await submit(session, [
      ['name', '  '],
      ['datasets', 'prc_hicp_manr'],
    ]);
    expect(res).toEqual({ error: 'Please enter a display name' });
    expect(await h.database.db.select().from(follows).where(eq(follows.userId, session.user.id))).toEqual([]);
  });
});
