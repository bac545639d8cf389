// "Ask this chart" (issue 39, decision 212) on a real database: POST /api/assistant/ask with the dataset page's view
// answers from that view's cells (its places and periods, its transformation, the values as they stood at as_of),
// and every citation links to the exact view. prc_hicp_manr is imported, then a newer vintage in which Germany's
// October 2022 rate goes from 11.6 to 11.9. A visitor without an account may ask too (decision 216): nothing is kept,
// and the question counts against the address, or within its page allowance with the page token.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncitedNumbers } from '../../core/assistant/compose';
import { importFile } from '../../server/import/runner';
import { mirror } from '../setup/database';
import { issuePageToken, PAGE_TOKEN_HEADER } from '../../server/keys/page-token';
import { authSecret, confirmedUser, nextIp, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
let user: TestClient;
/** After the first vintage, before the second. */
let between: string;

const sample = 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv';
const page = 'http://localhost:3000/datasets/prc_hicp_manr';

beforeAll(async () => {
  h = await startHarness({ samples: [sample] });
  user = new TestClient(h);
  await confirmedUser(h, user, 'chart-asker@example.org');
  between = new Date().toISOString();
  // The newer vintage: Germany's October 2022 (the 310th month from January 1997) revised from 11.6 to 11.9.
  const tsv = (await readFile(path.join(mirror, sample), 'utf8')).replace(/^(M,RCH_A,CP00,DE\t.*)$/m, (line) => {
    const cells = line.split('\t');
    expect(cells[310]).toBe('11.6 ');
    cells[310] = '11.9 ';
    return cells.join('\t');
  });
  await new Promise((resolve) => setTimeout(resolve, 5));
  await importFile(h.database.db, {
    fileName: 'estat_prc_hicp_manr_filtered.tsv',
    bytes: Buffer.from(tsv),
    code: 'prc_hicp_manr',
  });
});
afterAll(() => h?.close());

const askView = (question: string, query: string, dataset_code = 'prc_hicp_manr') =>
  user.post('/api/assistant/ask', { question, view: { dataset_code, query } });

function expectCited(body: any) {
  expect(body.declined).toBe(false);
  expect(uncitedNumbers(body.answer, body.citations, body.derived)).toEqual([]);
}

describe('POST /api/assistant/ask with a view', () => {
  it('ranks the places of the view and links every citation to the view', async () => {
    const view = 'chart_type=line&country[]=DE&country[]=FR&country[]=NL&time_start=1/2020&time_end=10/2022';
    const reply = await askView('which country is highest?', view);
    expect(reply.res.status).toBe(200);
    expectCited(reply.body);
    expect(reply.body.answer).toBe(
      'Among the places in this view, the Netherlands had the highest HICP in October 2022: 16.8 % [1]. Next came Germany with 11.9 % [2].',
    );
    expect(reply.body.citations.map((c: any) => [c.geo, c.period, c.value])).toEqual([
      ['NL', '10/2022', 16.8],
      ['DE', '10/2022', 11.9],
    ]);
    for (const c of reply.body.citations) expect(c.url).toBe(`${page}?${view}`);
  });

  it('answers the latest value of the view and the change since a year, as cited differences', async () => {
    const view = 'chart_type=line&country[]=DE&time_start=1/2019&time_end=4/2025';
    const latest = await askView('what was the latest value?', view);
    expectCited(latest.body);
    expect(latest.body.answer).toBe('The latest HICP in Germany in this view (April 2025): 2.2 % [1].');
    const since = await askView('how much did it change since 2020?', view);
    expectCited(since.body);
    expect(since.body.answer).toBe(
      'In Germany, HICP rose from 1.6 % [1] in January 2020 to 2.2 % [2] in April 2025, up 0.6 percentage points.',
    );
    expect(since.body.derived).toEqual([{ text: '0.6', value: 0.6, from: [2, 1] }]);
    expect(since.body.citations[0].url).toBe(`${page}?${view}`);
  });

  it("answers from the view's transformed values, which the data API gives for the same transformation", async () => {
    const view = 'chart_type=line&country[]=DE&time_start=1/2022&time_end=12/2022&transform=diff&lag=12';
    const reply = await askView('what was the value in October 2022?', view);
    expectCited(reply.body);
    const data = await user.request(
      '/api/datasets/prc_hicp_manr/data?country=DE&period_from=10/2022&period_to=10/2022&transform=diff&lag=12',
    );
    const value = Object.values(data.body.data[0].rows[0].values)[0] as number;
    expect(reply.body.citations).toEqual([
      expect.objectContaining({ geo: 'DE', period: '10/2022', value, url: `${page}?${view}` }),
    ]);
    expect(reply.body.answer).toContain('HICP (Difference on same month a year earlier) in Germany');
    expect(reply.body.answer).toContain(`in October 2022: ${value.toFixed(1)} percentage points [1]`);
  });

  it('answers with the values as they stood at as_of, and its citations link to that vintage', async () => {
    const then = `chart_type=line&country[]=DE&time_start=1/2022&time_end=12/2022&as_of=${between}`;
    const old = await askView('what was the value in October 2022?', then);
    expectCited(old.body);
    expect(old.body.citations).toEqual([expect.objectContaining({ period: '10/2022', value: 11.6 })]);
    expect(old.body.citations[0].url).toBe(`${page}?${then}`);
    const now = await askView('what was the value in October 2022?', then.replace(/&as_of=.*$/, ''));
    expect(now.body.citations).toEqual([expect.objectContaining({ period: '10/2022', value: 11.9 })]);
    expect(now.body.citations[0].url).not.toContain('as_of');
  });

  it('leaves the embed frame out of the view and answers a place the view does not show from the catalogue', async () => {
    const view = 'embed=true&width=600&theme=dark&chart_type=line&country[]=DE&time_start=1/2022&time_end=12/2022';
    const inView = await askView('when was it highest?', view);
    expectCited(inView.body);
    expect(inView.body.citations[0]).toMatchObject({ geo: 'DE', period: '10/2022', value: 11.9 });
    expect(inView.body.citations[0].url).toBe(
      `${page}?chart_type=line&country[]=DE&time_start=1/2022&time_end=12/2022`,
    );
    const elsewhere = await askView('inflation in France in October 2022', view);
    expectCited(elsewhere.body);
    expect(elsewhere.body.citations[0]).toMatchObject({ geo: 'FR', period: '10/2022', value: 7.1 });
  });

  it('refuses a view with a misspelt name or of a dataset that is not there', async () => {
    const bad = await askView('which country is highest?', 'countyr[]=DE');
    expect(bad.res.status).toBe(400);
    expect(bad.body.error.message).toContain('unknown parameter "countyr[]"');
    const none = await askView('which country is highest?', 'country[]=DE', 'no_such_dataset');
    expect(none.res.status).toBe(404);
  });
});

describe('Ask this chart for a visitor without an account (decision 216)', () => {
  const view = 'chart_type=line&country[]=DE&country[]=FR&country[]=NL&time_start=1/2020&time_end=10/2022';
  const question = { question: 'which country is highest?', view: { dataset_code: 'prc_hicp_manr', query: view } };

  it('answers from the view, keeps nothing and counts it like a data request of the address', async () => {
    const visitor = new TestClient(h, nextIp());
    const first = await visitor.post('/api/assistant/ask', question);
    expect(first.res.status).toBe(200);
    expectCited(first.body);
    expect(first.body).toMatchObject({ engine: 'builtin', conversation_id: '' });
    expect(first.body.citations[0]).toMatchObject({
      geo: 'NL',
      period: '10/2022',
      value: 16.8,
      url: `${page}?${view}`,
    });
    // Without the page token, each question counts against the address's daily limit.
    const remaining = Number(first.res.headers.get('x-ratelimit-remaining'));
    expect(remaining).toBeGreaterThan(0);
    const second = await visitor.post('/api/assistant/ask', question);
    expect(Number(second.res.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
    // Nothing is kept: there is no conversation to continue, and a conversation is an account's.
    const more = await visitor.post('/api/assistant/ask', { ...question, conversation_id: 'anything' });
    expect(more.res.status).toBe(401);
  });

  it("counts the dataset page's question, sent with the page token, within the page allowance", async () => {
    const visitor = new TestClient(h, nextIp());
    const reply = await visitor.post('/api/assistant/ask', question, {
      [PAGE_TOKEN_HEADER]: issuePageToken(authSecret),
    });
    expect(reply.res.status).toBe(200);
    expectCited(reply.body);
    // Exempt, as the chart widget's reads: no quota fields; the address's own count is untouched.
    expect(reply.res.headers.get('x-ratelimit-remaining')).toBeNull();
    const direct = await visitor.post('/api/assistant/ask', question);
    expect(Number(direct.res.headers.get('x-ratelimit-remaining'))).toBe(999);
  });

  it('still needs an account for a question without a view', async () => {
    const reply = await new TestClient(h, nextIp()).post('/api/assistant/ask', { question: 'German inflation' });
    expect(reply.res.status).toBe(401);
    expect(reply.body.error.message).toBe('Please sign in to continue.');
  });
});
