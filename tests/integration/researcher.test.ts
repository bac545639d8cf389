// The researcher on a real database: the Baltic question planned and run, every cited value checked against the data
// API, the report saved, listed, exported as Markdown and HTML, read through its share link without a session,
// deleted (then 404); bad input 400, a huge question 413, another user's report 404, one run counted once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncitedNumbers } from '../../core/assistant/compose';
import { confirmedUser, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
let user: TestClient;
let other: TestClient;

const BALTIC = 'How did food inflation evolve in the Baltic states since 2020 compared with the EU?';

beforeAll(async () => {
  h = await startHarness({ samples: ['eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv'] });
  user = new TestClient(h);
  await confirmedUser(h, user, 'researcher@example.org');
  other = new TestClient(h);
  await confirmedUser(h, other, 'other-researcher@example.org');
});
afterAll(() => h.close());

describe('/api/researcher', () => {
  it('needs a session, and refuses bad input with 400 and a huge question with 413', async () => {
    const visitor = await new TestClient(h).post('/api/researcher/plan', { question: BALTIC });
    expect(visitor.res.status).toBe(401);
    expect((await new TestClient(h).request('/api/researcher/reports')).res.status).toBe(401);
    for (const body of [{}, { question: '' }, { question: 42 }, { plan: { question: 'x', steps: 'no' } }]) {
      const reply = await user.post('/api/researcher/run', body);
      expect(reply.res.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.code).toBe('bad_request');
    }
    const badStep = await user.post('/api/researcher/run', {
      plan: {
        question: 'x',
        notes: [],
        declined: null,
        steps: [
          {
            id: 's1',
            dataset_code: 'prc_hicp_manr',
            places: ['EE'],
            reference: null,
            period_from: 'soon',
            period_to: null,
            dims: {},
            title: '',
            reason: '',
          },
        ],
      },
    });
    expect(badStep.res.status).toBe(400);
    expect(badStep.body.error.message).toContain('period_from');
    const huge = await user.post('/api/researcher/plan', { question: 'inflation '.repeat(200) });
    expect(huge.res.status).toBe(413);
    expect(huge.body.error.code).toBe('too_large');
    const declined = await user.post('/api/researcher/run', { question: 'What is the meaning of life?' });
    expect(declined.res.status).toBe(400);
    expect(declined.body.error.code).toBe('no_plan');
  });

  it('is in the OpenAPI document with the one error shape: 400, 404 and 413', async () => {
    const doc = (await (await h.app.request('/api/openapi.json')).json()) as any;
    const run = doc.paths['/api/researcher/run'].post;
    const report = doc.paths['/api/researcher/reports/{id}'];
    expect(Object.keys(run.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '429']));
    expect(Object.keys(report.get.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(Object.keys(report.delete.responses)).toEqual(expect.arrayContaining(['204', '404']));
    expect(Object.keys(report.get.responses['200'].content)).toEqual([
      'application/json',
      'text/markdown',
      'text/html',
    ]);
    expect(doc.paths['/api/researcher/shared/{token}'].get.responses['404']).toBeDefined();
    const shape = run.responses['400'].content['application/json'].schema;
    expect(JSON.stringify(shape)).toContain('"code"');
    expect(run.responses['413'].content['application/json'].schema).toEqual(shape);
  });

  it('plans, runs, saves, lists, exports, shares and deletes a report', async () => {
    const planned = await user.post('/api/researcher/plan', { question: BALTIC });
    expect(planned.res.status).toBe(200);
    expect(planned.body.steps[0]).toMatchObject({
      dataset_code: 'prc_hicp_manr',
      places: ['EE', 'LV', 'LT'],
      reference: 'EU27_2020',
      period_from: '1/2020',
      dims: { coicop: 'CP01' },
    });

    // The edited plan: the user removed the context step.
    const plan = { ...planned.body, steps: [planned.body.steps[0]] };
    const run = await user.post('/api/researcher/run', { plan });
    expect(run.res.status).toBe(200);
    // One run counts once against the daily limit.
    expect(run.res.headers.get('x-ratelimit-limit')).toBeTruthy();
    const { report } = run.body;
    expect(report.steps).toHaveLength(1);
    const step = report.steps[0];
    expect(step.no_data).toBe(false);
    expect(step.period_to).toBe('4/2025');
    const findings = step.findings.join(' ');
    expect(findings).toMatch(
      /\*\*Estonia\*\*: 2\.6 % \[\d+\] in January 2020 and 7\.4 % \[\d+\] in April 2025 .*, up 4\.8 percentage points/,
    );
    expect(findings).toMatch(/It peaked at 29\.6 % \[\d+\] in December 2022/);
    expect(findings).toMatch(
      /In April 2025 it was 7\.4 % \[\d+\], 4\.1 percentage points above EU27_2020 \(3\.3 % \[\d+\]\)/,
    );
    expect(step.notes).toContain(
      'Revisions: no value of this selection has been revised since it was first imported here.',
    );
    expect(uncitedNumbers(findings, report.citations, report.derived)).toEqual([]);
    expect(step.table.columns.map((c: { geo: string }) => c.geo)).toEqual(['EE', 'LV', 'LT', 'EU27_2020']);
    expect(step.table.rows[0].period).toBe('1/2020');

    // Every cited number is the stored observation the data API gives for its place and period.
    const api = await user.request(new URL(step.links.api_url).pathname + new URL(step.links.api_url).search);
    expect(api.res.status).toBe(200);
    const values = new Map<string, number>();
    const names = new Map<string, string>(
      step.table.columns.map((c: { geo: string; name: string }) => [c.geo, c.name] as [string, string]),
    );
    for (const row of api.body.data[0].rows)
      for (const [name, value] of Object.entries(row.values)) values.set(`${name}|${row.period}`, value as number);
    expect(report.citations.length).toBeGreaterThan(8);
    for (const c of report.citations) {
      const name = api.body.data[0].rows[0]
        ? [...values.keys()].find(
            (k) => k.endsWith(`|${c.period}`) && k.startsWith(`${names.get(c.geo)?.split(' (')[0]?.split(' – ')[0]}`),
          )
        : undefined;
      expect(name, `${c.geo} ${c.period}`).toBeDefined();
      expect(values.get(name!)).toBe(c.value);
      expect(c.url).toContain('/datasets/prc_hicp_manr?');
    }
    const csv = await user.request(new URL(step.links.csv_url).pathname + new URL(step.links.csv_url).search);
    expect(csv.res.status).toBe(200);
    expect(csv.res.headers.get('content-type')).toContain('text/csv');

    const id = run.body.id;
    const list = await user.request('/api/researcher/reports');
    expect(list.body.reports.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await other.request('/api/researcher/reports')).body.reports).toEqual([]);
    expect((await other.request(`/api/researcher/reports/${id}`)).res.status).toBe(404);

    const md = await user.request(`/api/researcher/reports/${id}.md`);
    expect(md.res.status).toBe(200);
    expect(md.res.headers.get('content-type')).toContain('text/markdown');
    expect(md.res.headers.get('content-disposition')).toMatch(/^attachment; filename="research-report-.+\.md"$/);
    expect(md.body).toContain(`# ${BALTIC}`);
    expect(md.body).toContain('| Period | Estonia | Latvia | Lithuania |');
    const html = await user.request(`/api/researcher/reports/${id}.html`);
    expect(html.res.headers.get('content-type')).toContain('text/html');
    expect(html.res.headers.get('content-disposition')).toContain('attachment;');
    expect(html.body).toContain('<th scope="row">1/2020</th>');
    expect(html.body).toContain(step.links.csv_url.replace(/&/g, '&amp;'));

    const token = new URL(run.body.share_url).pathname.split('/').pop()!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const shared = await new TestClient(h).request(`/api/researcher/shared/${token}`);
    expect(shared.res.status).toBe(200);
    expect(shared.res.headers.get('x-robots-tag')).toBe('noindex');
    expect(shared.body.report.citations).toEqual(report.citations);

    expect((await other.request(`/api/researcher/reports/${id}`, { method: 'DELETE' })).res.status).toBe(404);
    expect((await user.request(`/api/researcher/reports/${id}`, { method: 'DELETE' })).res.status).toBe(204);
    expect((await user.request(`/api/researcher/reports/${id}`)).res.status).toBe(404);
    expect((await user.request(`/api/researcher/reports/${id}.md`)).res.status).toBe(404);
    expect((await new TestClient(h).request(`/api/researcher/shared/${token}`)).res.status).toBe(404);
  });

  it('says plainly that a step has no data, and counts each run once', async () => {
    const first = await user.post('/api/researcher/run', {
      plan: {
        question: 'Unemployment in Estonia',
        notes: [],
        declined: null,
        steps: [
          {
            id: 's1',
            dataset_code: 'une_rt_m',
            places: ['EE'],
            reference: null,
            period_from: '1/2020',
            period_to: null,
            dims: {},
            title: 'the unemployment rate',
            reason: 'asked',
          },
          {
            id: 's2',
            dataset_code: 'prc_hicp_manr',
            places: ['EE'],
            reference: null,
            period_from: '1/1990',
            period_to: '12/1990',
            dims: {},
            title: 'inflation',
            reason: 'asked',
          },
        ],
      },
    });
    expect(first.res.status).toBe(200);
    const [missing, empty] = first.body.report.steps;
    expect(missing.findings).toEqual([
      'The dataset une_rt_m is not imported here, so this step has no data and states no number.',
    ]);
    expect(empty.no_data).toBe(true);
    expect(empty.findings[0]).toMatch(/^There is no stored observation of HICP, annual rate of change \(/);
    expect(first.body.report.citations).toEqual([]);
    // Odd but well-formed plans: an unknown dimension value, an unknown dimension, a place with no data.
    const odd = await user.post('/api/researcher/run', {
      plan: {
        question: 'odd',
        notes: [],
        declined: null,
        steps: [
          {
            id: 's1',
            dataset_code: 'prc_hicp_manr',
            places: ['ZZ9'],
            reference: 'EA20',
            period_from: '2020',
            period_to: 'Q2/2020',
            dims: {},
            title: 't',
            reason: 'r',
          },
          {
            id: 's2',
            dataset_code: 'prc_hicp_manr',
            places: ['EE'],
            reference: null,
            period_from: '2020',
            period_to: null,
            dims: { coicop: 'NOPE', foo: 'bar' },
            title: 't',
            reason: 'r',
          },
        ],
      },
    });
    expect(odd.res.status).toBe(200);
    expect(odd.body.report.steps[0].findings.join(' ')).toContain('There is no stored observation for ZZ9');
    expect(odd.body.report.steps[1].no_data).toBe(true);
    expect(odd.body.report.steps[1].findings[0]).toContain('has no series for coicop NOPE');
    const remaining = Number(odd.res.headers.get('x-ratelimit-remaining'));
    const second = await user.post('/api/researcher/run', { question: BALTIC });
    expect(second.res.status).toBe(200);
    expect(second.body.report.steps).toHaveLength(2);
    expect(Number(second.res.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
  });
});
