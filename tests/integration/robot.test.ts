// The content-writing robot (issue 16, decisions 140–144): an editor's template → a run writes a pending draft with every
// number cited → an import of the dataset writes the next draft (with the revisions it made) → publish → /blog/{slug}
// shows the numbers and the live chart. Non-editors get 403, signed-out visitors 401, bad input 400.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uncitedDraftNumbers } from '../../core/robot/article';
import { robotTemplates } from '../../db/schema';
import { runDueTemplates } from '../../server/robot/service';
import { seedGeos } from '../../server/import/geos';
import { importFile } from '../../server/import/runner';
import { mirror } from '../setup/database';
import { confirmedUser, startHarness, TestClient, type Harness } from './auth-harness';
import { renderPage } from './statistics-harness';

const editorEmail = 'editor.robot@example.org';
let h: Harness;
let editor: TestClient;
let reader: TestClient;

/** A monthly rate by place in Eurostat's TSV layout. */
function release(months: string[], rows: Record<string, string[]>): Buffer {
  const head = ['freq,unit,geo\\TIME_PERIOD', ...months.map((m) => `${m} `)].join('\t');
  const lines = Object.entries(rows).map(([geo, values]) => [`M,RCH_A,${geo}`, ...values].join('\t'));
  return Buffer.from([head, ...lines].join('\n') + '\n');
}

const first = release(['2024-01', '2024-02', '2025-01', '2025-02'], {
  DE: ['8.7 ', '9.3 ', '2.8 ', '2.6 '],
  FR: ['7.0 ', '7.3 ', '1.8 ', '1.9 '],
  EE: ['18.6 ', '17.8 ', '4.5 ', '5.1 e'],
  CY: ['6.8 ', '6.7 ', '0.7 ', '0.3 '],
  EA20: ['8.6 ', '8.5 ', '2.5 ', '2.4 '],
});
// The next release: a new month, and Germany's 2/2025 revised from 2.6 to 2.7.
const second = release(['2024-01', '2024-02', '2024-03', '2025-01', '2025-02', '2025-03'], {
  DE: ['8.7 ', '9.3 ', '7.8 ', '2.8 ', '2.7 ', '2.3 p'],
  FR: ['7.0 ', '7.3 ', '6.7 ', '1.8 ', '1.9 ', '1.6 '],
  EE: ['18.6 ', '17.8 ', '15.6 ', '4.5 ', '5.1 e', '4.4 '],
  CY: ['6.8 ', '6.7 ', '6.1 ', '0.7 ', '0.3 ', '1.5 '],
  EA20: ['8.6 ', '8.5 ', '6.9 ', '2.5 ', '2.4 ', '2.2 '],
});

const importRelease = (bytes: Buffer) =>
  importFile(h.database.db, { fileName: 'robot_test.tsv', bytes, code: 'robot_test' });

const template = {
  name: 'Prices in Germany',
  slug: 'prices-in-germany',
  dataset: 'robot_test',
  geos: ['de'],
  sections: ['latest', 'change', 'rank', 'peak', 'revisions'],
  change_lag: 12,
  title_pattern: 'Prices in {place}: {value} in {period}',
  schedule: 'after_refresh',
};

beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_EMAILS: editorEmail } });
  await seedGeos(h.database.db, mirror);
  await importRelease(first);
  editor = new TestClient(h);
  await confirmedUser(h, editor, editorEmail);
  reader = new TestClient(h);
  await confirmedUser(h, reader, 'reader.robot@example.org');
});
afterAll(() => h?.close());

describe('who may use the robot', () => {
  it('answers 401 signed out and 403 to a signed-in account that is not an editor', async () => {
    const anonymous = await new TestClient(h).request('/api/robot/templates');
    expect(anonymous.res.status).toBe(401);
    const denied = await reader.request('/api/robot/templates');
    expect(denied.res.status).toBe(403);
    expect(denied.body.error).toMatchObject({ code: 'forbidden' });
    expect((await reader.post('/api/robot/templates', template)).res.status).toBe(403);
  });

  it('refuses a write from another origin', async () => {
    const reply = await editor.post('/api/robot/templates', template, { origin: 'https://evil.example' });
    expect(reply.res.status).toBe(403);
  });
});

describe('templates', () => {
  it('answers 400 with the one error shape for bad input', async () => {
    for (const [change, message] of [
      [{ dataset: 'no_such_dataset' }, 'invalid dataset: no dataset with code "no_such_dataset"'],
      [{ geos: ['XX'] }, 'invalid geos: "XX" has no data in robot_test'],
      [{ geos: [] }, 'invalid geos'],
      [{ sections: ['gossip'] }, 'invalid sections.0'],
      [{ slug: 'Not A Slug' }, 'invalid slug'],
      [{ slug: 'inflation-germany' }, 'invalid slug'],
      [{ schedule: 'hourly' }, 'invalid schedule'],
      [{ dimensions: { dim1: 'NOPE' } }, 'invalid dimensions'],
    ] as const) {
      const reply = await editor.post('/api/robot/templates', { ...template, ...change });
      expect(reply.res.status, JSON.stringify(change)).toBe(400);
      expect(reply.body.error.code).toBe('bad_request');
      expect(reply.body.error.message).toContain(message);
    }
    expect((await editor.request('/api/robot/templates/999999', { method: 'PUT', json: template })).res.status).toBe(
      404,
    );
    expect((await editor.post('/api/robot/templates/abc/run', {})).res.status).toBe(400);
  });

  it('creates a template and lists it; a second one may not take its slug', async () => {
    const created = await editor.post('/api/robot/templates', template);
    expect(created.res.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'prices-in-germany', geos: ['DE'], change_lag: 12, post_url: null });
    const list = await editor.request('/api/robot/templates');
    expect(list.body.items.map((t: { slug: string }) => t.slug)).toEqual(['prices-in-germany']);
    const clash = await editor.post('/api/robot/templates', { ...template, name: 'Other' });
    expect(clash.res.status).toBe(400);
    expect(clash.body.error.message).toContain('already used');
  });
});

describe('runs, review and publication', () => {
  let templateId: number;
  let draftId: number;

  it('Run now writes a pending draft, every number cited; an unchanged run writes none', async () => {
    templateId = (await editor.request('/api/robot/templates')).body.items[0].id;
    const run = await editor.post(`/api/robot/templates/${templateId}/run`, {});
    expect(run.res.status).toBe(200);
    expect(run.body.outcome).toBe('created');
    const draft = run.body.draft;
    draftId = draft.id;
    expect(draft).toMatchObject({
      status: 'pending',
      trigger: 'manual',
      title: 'Prices in Germany: 2.6 % in February 2025',
    });
    expect(draft.import_run_id).toEqual(expect.any(Number));
    expect(draft.markdown).toContain('The latest figure for Germany is 2.6 % [1], for February 2025.');
    expect(draft.markdown).toContain('In February 2024, a year earlier, the figure for Germany was 9.3 % [2]');
    expect(draft.markdown).toContain('down 6.7 percentage points');
    expect(draft.markdown).toContain('Germany had the second-highest figure of the four EU countries');
    expect(draft.markdown).toContain('The last release is the first of this dataset imported here');
    expect(draft.markdown).toMatch(/\{\{< chart dataset="robot_test" type="line" countries="DE" from="3\/2020" >\}\}/);
    // Every number is a cited stored value (or a stated difference of two), and each citation is complete.
    expect(uncitedDraftNumbers(draft.title, draft.markdown, draft)).toEqual([]);
    const estonia = draft.citations.find((c: { geo: string }) => c.geo === 'EE');
    expect(estonia).toMatchObject({
      dataset_code: 'robot_test',
      period: '2/2025',
      value: 5.1,
      flags: 'e',
      flag_meaning: 'estimated',
      url: expect.stringMatching(/^http:\/\/localhost:3000\/datasets\/robot_test\?chart_type=bar.*country\[\]=EE/),
    });
    // Nothing published yet: the whole draft is new in the diff.
    expect(draft.diff.every((d: { kind: string }) => d.kind === 'added')).toBe(true);

    const again = await editor.post(`/api/robot/templates/${templateId}/run`, {});
    expect(again.body).toMatchObject({ outcome: 'unchanged', draft: { id: draftId } });
    const queue = await editor.request('/api/robot/drafts');
    expect(queue.body.items.map((d: { id: number }) => d.id)).toEqual([draftId]);
  });

  it('keeps the editor’s words, refuses to publish a number without a citation, and publishes to /blog', async () => {
    const draft = (await editor.request(`/api/robot/drafts/${draftId}`)).body;
    const invented = await editor.request(`/api/robot/drafts/${draftId}`, {
      method: 'PUT',
      json: { title: draft.title, markdown: `${draft.markdown}\nPrices may rise 4.2 % next year.\n` },
    });
    expect(invented.res.status).toBe(200);
    expect(invented.body.edited).toBe(true);
    const refused = await editor.post(`/api/robot/drafts/${draftId}/publish`, {});
    expect(refused.res.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'uncited_numbers' });
    expect(refused.body.error.message).toContain('4.2');

    const sentence = 'The latest figure for Germany is 2.6 % [1], for February 2025.';
    const edited = await editor.request(`/api/robot/drafts/${draftId}`, {
      method: 'PUT',
      json: { title: draft.title, markdown: draft.markdown.replace(sentence, `${sentence} Prices kept slowing.`) },
    });
    expect(edited.body.diff.filter((d: { kind: string }) => d.kind === 'added').length).toBeGreaterThan(5);
    const published = await editor.post(`/api/robot/drafts/${draftId}/publish`, {});
    expect(published.res.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', post_url: '/blog/prices-in-germany' });
    expect(published.body.diff.every((d: { kind: string }) => d.kind === 'same')).toBe(true);
    // Only pending drafts are published.
    expect((await editor.post(`/api/robot/drafts/${draftId}/publish`, {})).res.status).toBe(400);

    const page = await renderPage(h.database.db, '/blog/prices-in-germany');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Prices in Germany: 2.6 % in February 2025');
    expect(page.html).toContain('Prices kept slowing.');
    // Each marker links to the exact view of its source (issue 41); the Markdown keeps the plain marker.
    expect(page.html).toMatch(/9\.3 % <a href="[^"]*\/datasets\/[^"]*" aria-label="source 2"[^>]*>\[2\]<\/a>/);
    const source = (draft.citations[1] as { url: string }).url;
    const href = source.replace(/\[/g, '%5B').replace(/\]/g, '%5D').replace(/&/g, '&amp;');
    expect(page.html).toContain(`<a href="${href}" aria-label="source 2"`);
    expect(page.html).toMatch(/<figure[^>]*data-post-chart/);
    const list = await renderPage(h.database.db, '/blog');
    expect(list.html).toContain('/blog/prices-in-germany');
  });

  it('writes the next draft after an import of its dataset, with the revisions, diffed against the post', async () => {
    await importRelease(second);
    const queue = await editor.request('/api/robot/drafts');
    expect(queue.body.items).toHaveLength(1);
    const next = (await editor.request(`/api/robot/drafts/${queue.body.items[0].id}`)).body;
    expect(next).toMatchObject({ trigger: 'after_refresh', title: 'Prices in Germany: 2.3 % in March 2025' });
    expect(next.markdown).toContain('2.3 % (provisional) [1], for March 2025. The figure may still be revised.');
    expect(next.markdown).toContain('- February 2025: 2.6 % [');
    expect(next.markdown).toMatch(/- February 2025: 2\.6 % \[\d+\] before, 2\.7 % \[\d+\] now/);
    expect(uncitedDraftNumbers(next.title, next.markdown, next)).toEqual([]);
    const removed = next.diff
      .filter((d: { kind: string }) => d.kind === 'removed')
      .map((d: { text: string }) => d.text);
    expect(removed).toContain('# Prices in Germany: 2.6 % in February 2025');
    expect(removed.join('\n')).toContain('Prices kept slowing.');

    const discarded = await editor.post(`/api/robot/drafts/${next.id}/discard`, {});
    expect(discarded.body.status).toBe('discarded');
    expect((await editor.request('/api/robot/drafts')).body.items).toEqual([]);
  });

  it('lists the robot in the OpenAPI document', async () => {
    const doc = (await new TestClient(h).request('/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/robot/templates',
        '/api/robot/drafts/{id}/publish',
        '/api/robot/templates/{id}/run',
      ]),
    );
    const body = doc.paths['/api/robot/templates'].post.requestBody.content['application/json'].schema;
    const fields = body.$ref ? doc.components.schemas[body.$ref.split('/').pop()].properties : body.properties;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['dataset', 'geos', 'sections', 'schedule', 'slug']));
    expect(doc.paths['/api/robot/drafts/{id}/publish'].post.responses['403']).toBeDefined();
  });
});

describe('schedules and failures', () => {
  it('runs a daily template when it is due, and not again within the day', async () => {
    const created = await editor.post('/api/robot/templates', {
      ...template,
      name: 'Daily prices',
      slug: 'prices-daily',
      sections: ['latest'],
      schedule: 'daily',
    });
    expect(created.res.status).toBe(201);
    const now = new Date();
    expect(await runDueTemplates(h.database.db, now)).toBe(1);
    expect(await runDueTemplates(h.database.db, new Date(now.getTime() + 3600_000))).toBe(0);
    const drafts = await editor.request(`/api/robot/drafts?template=${created.body.id}`);
    expect(drafts.body.items.map((d: { trigger: string }) => d.trigger)).toEqual(['daily']);
  });

  it('never fails an import when a template cannot run, and the other templates still write', async () => {
    // A template the API would refuse (no dim9 in the dataset), stored directly as a later change could leave it.
    await h.database.db.insert(robotTemplates).values({
      name: 'Broken',
      slug: 'broken-robot',
      datasetCode: 'robot_test',
      dimensions: { dim9: 'X' },
      geos: ['DE'],
      sections: ['latest'],
      titlePattern: '{place}',
      schedule: 'after_refresh',
    });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const third = release(['2025-01', '2025-02', '2025-03', '2025-04'], {
      DE: ['2.8 ', '2.7 ', '2.3 ', '2.1 '],
      FR: ['1.8 ', '1.9 ', '1.6 ', '1.2 '],
    });
    const summary = await importRelease(third);
    const logged = log.mock.calls.flat().join('\n');
    log.mockRestore();
    expect(summary.added).toBeGreaterThan(0);
    expect(logged).toContain('[robot] template');
    expect(logged).toContain('broken-robot');
    const queue = (await editor.request('/api/robot/drafts')).body.items;
    expect(queue.map((d: { slug: string; trigger: string }) => [d.slug, d.trigger])).toContainEqual([
      'prices-in-germany',
      'after_refresh',
    ]);
  });
});
