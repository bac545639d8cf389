// The chat assistant on a real database: answers with a citation for every number (values checked against the data
// API), follow-ups, plain declines, conversations per user, API keys and the daily limit, and the language-model
// engine against a scripted OpenAI-compatible server, including a "model" that invents a number (refused). The model's
// tools read the same catalogue (decision 216): it finds a dataset imported in the test from a file generated with
// Eurostat's code lists (no sample), reads its dimensions and labels, and answers with a placeholder.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncitedNumbers } from '../../core/assistant/compose';
import { LLM_REFUSED } from '../../server/assistant/llm';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { importFile } from '../../server/import/runner';
import { generatedDatasets, toTsv } from '../../bench/assistant-datasets.mjs';
import { mirror } from '../setup/database';
import { authSecret, confirmedUser, nextIp, startHarness, TestClient, type Harness } from './auth-harness';

let h: Harness;
let user: TestClient;
let other: TestClient;

beforeAll(async () => {
  h = await startHarness({
    samples: [
      'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv',
      'eurostat/tec00115/estat_tec00115_filtered_en.csv',
      'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz',
    ],
  });
  user = new TestClient(h);
  await confirmedUser(h, user, 'asker@example.org');
  other = new TestClient(h);
  await confirmedUser(h, other, 'other@example.org');
});
afterAll(() => h.close());

const ask = (client: TestClient, question: string, conversation_id?: string) =>
  client.post('/api/assistant/ask', { question, ...(conversation_id && { conversation_id }) });

/** The value the data API has for one observation, to check a citation against. */
async function apiValue(code: string, geo: string, period: string, dims = ''): Promise<number | undefined> {
  const reply = await user.request(
    `/api/datasets/${code}/data?country=${geo}&period_from=${period}&period_to=${period}${dims}`,
  );
  const row = reply.body.data?.[0]?.rows?.[0];
  return row ? (Object.values(row.values)[0] as number) : undefined;
}

describe('POST /api/assistant/ask (built-in engine)', () => {
  it('refuses a visitor without a session or key', async () => {
    const reply = await ask(new TestClient(h), 'German inflation in October 2022');
    expect(reply.res.status).toBe(401);
    expect(reply.body.error.code).toBe('unauthorized');
  });

  it('answers a value with its citation, a chart and a conversation; follow-ups keep the context', async () => {
    const first = await ask(user, 'German inflation in October 2022');
    expect(first.res.status).toBe(200);
    expect(first.body.engine).toBe('builtin');
    expect(first.body.answer).toContain('11.6 % [1]');
    expect(first.body.citations).toEqual([
      expect.objectContaining({
        dataset_code: 'prc_hicp_manr',
        geo: 'DE',
        period: '10/2022',
        value: 11.6,
        flags: null,
      }),
    ]);
    const url = new URL(first.body.citations[0].url);
    expect(url.pathname).toBe('/datasets/prc_hicp_manr');
    expect(url.searchParams.get('country[]')).toBe('DE');
    expect(url.searchParams.get('time_start')).toBe('10/2022');
    expect(url.searchParams.get('chart_type')).toBe('bar');
    expect(first.body.chart.embed_url).toContain('embed=true');
    expect(await apiValue('prc_hicp_manr', 'DE', '2022-10')).toBe(11.6);
    const id = first.body.conversation_id;

    const compare = await ask(user, 'how much higher than France?', id);
    expect(compare.body.conversation_id).toBe(id);
    expect(compare.body.citations.map((c: any) => [c.geo, c.period, c.value])).toEqual([
      ['DE', '10/2022', 11.6],
      ['FR', '10/2022', 7.1],
    ]);
    expect(compare.body.answer).toContain('4.5 percentage points higher');
    expect(compare.body.derived).toEqual([{ text: '4.5', value: 4.5, from: [1, 2] }]);

    const estonia = await ask(user, 'and Estonia?', id);
    expect(estonia.body.citations.map((c: any) => [c.geo, c.value])).toEqual([['EE', 22.5]]);
    for (const reply of [first, compare, estonia])
      expect(uncitedNumbers(reply.body.answer, reply.body.citations, reply.body.derived)).toEqual([]);
  });

  it('states flags with their meaning and finds regions by name', async () => {
    const growth = await ask(user, 'real GDP growth in Germany in 2022');
    expect(growth.body.citations[0]).toMatchObject({ dataset_code: 'tec00115', geo: 'DE', period: '2022', value: 1.4 });
    expect(growth.body.citations[0].flags).toBe('p');
    expect(growth.body.citations[0].flag_meaning).toBe('provisional');
    expect(growth.body.answer).toContain('1.4 % (provisional) [1]');

    const region = await ask(user, 'GDP of Oberbayern in 2021');
    expect(region.body.citations[0]).toMatchObject({ dataset_code: 'nama_10r_3gdp', geo: 'DE21', period: '2021' });
    expect(region.body.citations[0].value).toBe(await apiValue('nama_10r_3gdp', 'DE21', '2021'));
    const germany = await ask(user, 'GDP of Germany in 2021');
    expect(germany.body.citations[0]).toMatchObject({ geo: 'DE', value: 3601750, flags: 'p' });
    expect(germany.body.answer).toContain('3,601,750 million euro (provisional) [1]');
  });

  it('ranks EU members and finds peaks', async () => {
    const top = await ask(user, 'Which EU country had the highest inflation in October 2022?');
    expect(top.body.citations[0]).toMatchObject({ geo: 'EE', value: 22.5, period: '10/2022' });
    expect(top.body.answer).toContain('EU member states (EU27_2020)');
    const peak = await ask(user, 'When did Dutch inflation peak?');
    expect(peak.body.citations[0]).toMatchObject({ geo: 'NL', period: '9/2022', value: 17.1 });
  });

  it('declines plainly when there is no data, never guessing', async () => {
    const early = await ask(user, 'Inflation in Germany in 1950');
    expect(early.res.status).toBe(200);
    expect(early.body.declined).toBe(true);
    expect(early.body.citations).toEqual([]);
    expect(early.body.answer).toBe(
      // Named by its own title (decision 210), no sentence per dataset code.
      "Eurostat's HICP (prc_hicp_manr) for Germany starts in January 1997 and runs to May 2025; there is no value for 1950.",
    );
    const nonsense = await ask(user, 'What is the airspeed velocity of an unladen swallow?');
    expect(nonsense.body.declined).toBe(true);
    expect(nonsense.body.citations).toEqual([]);
  });

  it('answers 400 for a missing or overlong question and 404 for a conversation that is not yours', async () => {
    expect((await ask(user, '   ')).res.status).toBe(400);
    expect((await ask(user, 'x'.repeat(501))).res.status).toBe(400);
    expect((await ask(user, 'German inflation', 'no-such-id')).res.status).toBe(404);
  });
});

describe('conversations', () => {
  it('are kept per user, listed, read and deleted', async () => {
    const started = await ask(other, 'Unemployment in Spain in October 2022');
    const id = started.body.conversation_id;
    await ask(other, 'and France?', id);
    const list = await other.request('/api/assistant/conversations');
    expect(list.body.conversations.map((c: any) => c.id)).toContain(id);
    const read = await other.request(`/api/assistant/conversations/${id}`);
    expect(read.body.title).toBe('Unemployment in Spain in October 2022');
    expect(read.body.messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(read.body.messages[3].answer.engine).toBe('builtin');
    // Someone else's conversation is as absent as one that never existed.
    expect((await user.request(`/api/assistant/conversations/${id}`)).res.status).toBe(404);
    expect((await ask(user, 'and Italy?', id)).res.status).toBe(404);
    expect((await user.request(`/api/assistant/conversations/${id}`, { method: 'DELETE' })).res.status).toBe(404);
    expect((await other.request(`/api/assistant/conversations/${id}`, { method: 'DELETE' })).res.status).toBe(204);
    expect((await other.request(`/api/assistant/conversations/${id}`)).res.status).toBe(404);
    expect((await other.request('/api/assistant/conversations')).body.conversations).toEqual([]);
  });
});

describe('API keys and the daily limit', () => {
  it('answers a program with a key and counts each question against the daily limit', async () => {
    const created = await user.post('/api/account/api-keys', { name: 'assistant' });
    const program = new TestClient(h, nextIp());
    const headers = { Authorization: `Bearer ${created.body.key}` };
    const first = await program.post(
      '/api/assistant/ask',
      { question: 'Euro area inflation in October 2022' },
      headers,
    );
    expect(first.res.status).toBe(200);
    expect(first.body.citations[0]).toMatchObject({ geo: 'EA20', value: 10.6 });
    expect(first.body.answer).toContain('(EA20)');
    const remaining = Number(first.res.headers.get('x-ratelimit-remaining'));
    const second = await program.post(
      '/api/assistant/ask',
      { question: 'and Austria?', conversation_id: first.body.conversation_id },
      headers,
    );
    expect(Number(second.res.headers.get('x-ratelimit-remaining'))).toBe(remaining - 1);
    expect(second.body.citations[0]).toMatchObject({ geo: 'AT', value: 11.6 });
    const bad = await program.post('/api/assistant/ask', { question: 'x' }, { Authorization: 'Bearer spk_nope' });
    expect(bad.res.status).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await user.request('/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/assistant/ask',
        '/api/assistant/conversations',
        '/api/assistant/conversations/{id}',
      ]),
    );
    expect(doc.paths['/api/assistant/ask'].post.responses).toHaveProperty('429');
  });
});

// ---- the language-model engine against a scripted OpenAI-compatible server ----

type Script = (body: any, step: number) => object;

async function scriptedModel(script: Script): Promise<{ url: string; requests: any[]; close(): Promise<void> }> {
  const requests: any[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text);
      requests.push({ path: req.url, auth: req.headers.authorization, body });
      const message = script(body, requests.length - 1);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'stop' }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

const toolCall = {
  role: 'assistant',
  content: null,
  tool_calls: [
    {
      id: 'call_1',
      type: 'function',
      function: {
        name: 'get_observations',
        arguments: JSON.stringify({
          dataset_code: 'prc_hicp_manr',
          geos: ['DE'],
          period_from: '2022-10',
          period_to: '2022-10',
        }),
      },
    },
  ],
};

/** A signed-in client of an app whose assistant has the scripted model; `anonymous`, a client without a session. */
function llmApp(url: string, anonymous = false) {
  const config = loadConfig({
    PUBLIC_URL: h.publicUrl,
    AUTH_SECRET: authSecret,
    TRUST_PROXY: '1',
    LLM_BASE_URL: url,
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'scripted',
  });
  const app = createApp({ db: h.database.db, config });
  if (anonymous) return new TestClient({ app, publicUrl: h.publicUrl }, nextIp());
  const client = new TestClient({ app, publicUrl: h.publicUrl }, user.ip);
  for (const [k, v] of user.cookies) client.cookies.set(k, v);
  return client;
}

describe('POST /api/assistant/ask (language-model engine)', () => {
  it('lets the model call tools and fills every number from their results', async () => {
    const model = await scriptedModel((body, step) => {
      if (step === 0) return toolCall;
      const result = JSON.parse(body.messages.at(-1).content);
      return { role: 'assistant', content: `German inflation was {{${result.values[0].id}}} in 10/2022.` };
    });
    try {
      const reply = await ask(llmApp(model.url), 'German inflation in October 2022');
      expect(reply.res.status).toBe(200);
      expect(reply.body.engine).toBe('llm');
      expect(reply.body.answer).toBe('German inflation was 11.6 % [1] in 10/2022.');
      expect(reply.body.citations[0]).toMatchObject({
        dataset_code: 'prc_hicp_manr',
        geo: 'DE',
        period: '10/2022',
        value: 11.6,
      });
      expect(model.requests[0].path).toBe('/v1/chat/completions');
      expect(model.requests[0].auth).toBe('Bearer test-key');
      expect(model.requests[0].body.model).toBe('scripted');
      expect(model.requests[0].body.tools.map((t: any) => t.function.name)).toEqual([
        'search_datasets',
        'describe_dataset',
        'get_observations',
        'rank',
        'compare',
      ]);
    } finally {
      await model.close();
    }
  });

  it('refuses an answer that states a number no tool returned', async () => {
    const model = await scriptedModel((_body, step) =>
      step === 0 ? toolCall : { role: 'assistant', content: 'German inflation was 11.9 % in 10/2022.' },
    );
    try {
      const reply = await ask(llmApp(model.url), 'German inflation in October 2022');
      expect(reply.res.status).toBe(200);
      expect(reply.body.engine).toBe('llm');
      expect(reply.body.declined).toBe(true);
      expect(reply.body.answer).toBe(LLM_REFUSED);
      expect(reply.body.answer).not.toContain('11.9');
      expect(reply.body.citations).toEqual([]);
    } finally {
      await model.close();
    }
  });

  it("answers a visitor without an account with the built-in engine, never the model's", async () => {
    const model = await scriptedModel(() => toolCall);
    try {
      const anonymous = llmApp(model.url, true);
      // A place the view does not show: answered by the engine, as without a view.
      const reply = await anonymous.post('/api/assistant/ask', {
        question: 'inflation in France in October 2022',
        view: { dataset_code: 'prc_hicp_manr', query: 'chart_type=line&country[]=DE' },
      });
      expect(reply.res.status).toBe(200);
      expect(reply.body).toMatchObject({ engine: 'builtin', conversation_id: '', declined: false });
      expect(reply.body.citations[0]).toMatchObject({ geo: 'FR', period: '10/2022', value: 7.1 });
      expect(model.requests).toEqual([]);
    } finally {
      await model.close();
    }
  });

  it('refuses a placeholder no tool returned', async () => {
    const model = await scriptedModel(() => ({ role: 'assistant', content: 'It was {{v7}}.' }));
    try {
      const reply = await ask(llmApp(model.url), 'German inflation in October 2022');
      expect(reply.body.answer).toBe(LLM_REFUSED);
    } finally {
      await model.close();
    }
  });
});

// ---- the model's tools over the catalogue, on a dataset imported in the test (decision 216) ----

/** Government deficit and debt, generated for the golden set v2 from Eurostat's code lists: no sample dataset. */
const government = generatedDatasets().find((d) => d.code === 'gov_10dd_edpt1')!;

/** The generated value (and flag) of one of its cells, read from the generator, not through the product. */
function generated(key: Record<string, string>, geo: string, period: string): { value: number; flags: string | null } {
  const row = government.series.find((r) => r.geo === geo && Object.entries(key).every(([d, c]) => r.key[d] === c))!;
  const i = government.periods.indexOf(period);
  return { value: row.values[i]!, flags: row.flags[i] || null };
}

/** A scripted model's tool call. */
const call = (name: string, args: object, id = `call_${name}`) => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
});

/** The result of the model's last tool call, as the server sent it back. */
const lastResult = (body: any) => JSON.parse(body.messages.at(-1).content);

/**
 * A model that finds the government finance dataset by words, describes it, picks the deficit in % of GDP by the
 * labels of its codes, and reads Austria's 2014 and 2015; `answer` writes the prose from the read's result.
 */
function deficitModel(answer: (read: any) => string) {
  return (body: any, step: number): object => {
    if (step === 0) return call('search_datasets', { query: 'government deficit and debt' });
    if (step === 1) {
      const found = lastResult(body).datasets.find((d: any) => d.imported && /deficit/i.test(d.title));
      return call('describe_dataset', { dataset_code: found?.dataset_code ?? 'none' });
    }
    if (step === 2) {
      const described = lastResult(body);
      const code = (dimension: string, label: RegExp) =>
        described.dimensions.find((d: any) => d.code === dimension).values.find((v: any) => label.test(v.label)).code;
      return call('get_observations', {
        dataset_code: described.dataset_code,
        geos: ['AT'],
        period_from: '2014',
        period_to: '2015',
        dimensions: { na_item: code('na_item', /net borrowing/i), unit: code('unit', /gross domestic product/i) },
      });
    }
    return { role: 'assistant', content: answer(lastResult(body)) };
  };
}

describe('the language model over the catalogue', () => {
  beforeAll(async () => {
    await importFile(h.database.db, {
      fileName: `estat_${government.code}.tsv`,
      bytes: Buffer.from(toTsv(government)),
      code: government.code,
      dataMirror: mirror,
    });
  });

  it("finds an imported dataset by words, reads its dimensions' labels and cites the value it reads", async () => {
    const model = await scriptedModel(
      deficitModel(
        (read) =>
          `Net lending (+) /net borrowing (-) of ${read.values[0].place} was {{${read.values[0].id}}} in ${read.values[0].period} and {{${read.values[1].id}}} in ${read.values[1].period}, {{change:${read.values[0].id}:${read.values[1].id}}}.`,
      ),
    );
    try {
      const reply = await ask(llmApp(model.url), "What was Austria's government deficit in 2014 and 2015?");
      expect(reply.res.status).toBe(200);
      expect(reply.body.engine).toBe('llm');

      // The search is the catalogue's: the dataset is found by the words of its title, with its data here.
      const searched = JSON.parse(model.requests[1].body.messages.at(-1).content);
      expect(searched.datasets[0]).toMatchObject({
        dataset_code: 'gov_10dd_edpt1',
        title: 'Government deficit/surplus, debt and associated data',
        frequency: 'A',
        imported: true,
      });
      expect(searched.datasets[0].units).toEqual(
        expect.arrayContaining(['Percentage of gross domestic product (GDP)', 'Million euro']),
      );
      // The description has every dimension with the labels of Eurostat's code lists and the main series.
      const described = JSON.parse(model.requests[2].body.messages.at(-1).content);
      const naItem = described.dimensions.find((d: any) => d.code === 'na_item');
      expect(naItem.values).toEqual(
        expect.arrayContaining([
          { code: 'B9', label: 'Net lending (+) /net borrowing (-)' },
          { code: 'GD', label: 'Government consolidated gross debt' },
        ]),
      );
      expect(naItem.main.code).toMatch(/^(B9|GD)$/);
      expect(described).toMatchObject({ frequency: 'A', period_from: '1995', period_to: '2022' });
      expect(described.places.values).toEqual(expect.arrayContaining([{ code: 'AT', name: 'Austria' }]));
      // The read names the series by its labels and gives ids, never values.
      const read = JSON.parse(model.requests[3].body.messages.at(-1).content);
      expect(read.series).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ dimension: 'na_item', code: 'B9', label: 'Net lending (+) /net borrowing (-)' }),
          expect.objectContaining({ dimension: 'unit', code: 'PC_GDP' }),
        ]),
      );
      expect(read.values.map((v: any) => [v.geo, v.place, v.period])).toEqual([
        ['AT', 'Austria', '2014'],
        ['AT', 'Austria', '2015'],
      ]);
      expect(JSON.stringify(read)).not.toMatch(/"value"/);

      const key = { unit: 'PC_GDP', sector: 'S13', na_item: 'B9' };
      const [v14, v15] = [generated(key, 'AT', '2014'), generated(key, 'AT', '2015')];
      expect(reply.body.citations).toEqual([
        expect.objectContaining({ dataset_code: 'gov_10dd_edpt1', geo: 'AT', period: '2014', ...v14 }),
        expect.objectContaining({ dataset_code: 'gov_10dd_edpt1', geo: 'AT', period: '2015', ...v15 }),
      ]);
      // The stored value, as the data API gives it, and a link to the chart view of that series.
      const meta = (await user.request('/api/datasets/gov_10dd_edpt1/meta')).body;
      const keyOf = (code: string) => meta.dimensions.find((d: any) => d.code === code).key;
      expect(await apiValue('gov_10dd_edpt1', 'AT', '2014', `&${keyOf('na_item')}=B9&${keyOf('unit')}=PC_GDP`)).toBe(
        v14.value,
      );
      const url = new URL(reply.body.citations[0].url);
      expect(url.pathname).toBe('/datasets/gov_10dd_edpt1');
      expect(url.searchParams.get('country[]')).toBe('AT');
      expect(url.searchParams.get('time_start')).toBe('2014');
      // The series' values other than the main series' (PC_GDP is the main unit).
      expect([...url.searchParams].filter(([name]) => name.startsWith('dimension'))).toEqual([
        ['dimension[]', `${keyOf('na_item')}:B9`],
      ]);
      // The change is the server's difference of the two cited values, listed in derived.
      const change = Number((v15.value - v14.value).toFixed(1));
      expect(reply.body.derived).toEqual([
        { text: Math.abs(change).toFixed(1), value: Math.abs(change), from: [2, 1] },
      ]);
      const number = (v: number) => `${v < 0 ? '−' : ''}${Math.abs(v).toFixed(1)}`;
      expect(reply.body.answer).toBe(
        `Net lending (+) /net borrowing (-) of Austria was ${number(v14.value)} % of gross domestic product (GDP) [1] in 2014 and ${number(v15.value)} % of gross domestic product (GDP)${v15.flags ? ' (provisional)' : ''} [2] in 2015, ${change > 0 ? 'up' : 'down'} ${Math.abs(change).toFixed(1)} percentage points.`,
      );
      expect(uncitedNumbers(reply.body.answer, reply.body.citations, reply.body.derived)).toEqual([]);
    } finally {
      await model.close();
    }
  });

  it('refuses a bare number and a change between two different series', async () => {
    const bare = await scriptedModel(deficitModel(() => "Austria's deficit was 2.7 % of GDP in 2014."));
    try {
      const reply = await ask(llmApp(bare.url), "What was Austria's government deficit in 2014?");
      expect(reply.body).toMatchObject({ answer: LLM_REFUSED, citations: [], declined: true, engine: 'llm' });
    } finally {
      await bare.close();
    }
    // v1 is the deficit, v3 the debt: no change between them.
    const mixed = await scriptedModel((body, step) => {
      if (step < 3) return deficitModel(() => '')(body, step);
      if (step === 3)
        return call('get_observations', {
          dataset_code: 'gov_10dd_edpt1',
          geos: ['AT'],
          period_from: '2015',
          period_to: '2015',
          dimensions: { na_item: 'GD', unit: 'PC_GDP' },
        });
      return { role: 'assistant', content: 'The deficit was {{v1}} and the debt {{v3}}: {{change:v1:v3}}.' };
    });
    try {
      const reply = await ask(llmApp(mixed.url), "Austria's deficit and debt");
      expect(reply.body).toMatchObject({ answer: LLM_REFUSED, citations: [], declined: true });
    } finally {
      await mixed.close();
    }
  });

  it('cuts a long list of places, finds a code by its label and ranks regions', async () => {
    const model = await scriptedModel((body, step) => {
      if (step === 0) return call('describe_dataset', { dataset_code: 'nama_10r_3gdp' });
      if (step === 1) return call('describe_dataset', { dataset_code: 'nama_10r_3gdp', find: 'oberbayern' });
      if (step === 2)
        return call('rank', { dataset_code: 'nama_10r_3gdp', period: '2021', scope: 'regions', within: 'DE', top: 3 });
      const ranked = lastResult(body).values;
      return {
        role: 'assistant',
        content: `The German regions with the highest GDP in 2021: ${ranked.map((v: any) => `${v.place} {{${v.id}}}`).join(', ')}.`,
      };
    });
    try {
      const reply = await ask(llmApp(model.url), 'Which German regions had the highest GDP in 2021?');
      const whole = JSON.parse(model.requests[1].body.messages.at(-1).content);
      expect(whole.places.count).toBeGreaterThan(100);
      expect(whole.places.values).toHaveLength(40);
      expect(whole.places.not_listed).toBe(whole.places.count - 40);
      const found = JSON.parse(model.requests[2].body.messages.at(-1).content);
      expect(found.places).toMatchObject({ found: 1, values: [{ code: 'DE21', name: 'Oberbayern (DE21)' }] });
      expect(reply.body.declined).toBe(false);
      const geos = reply.body.citations.map((c: any) => c.geo);
      expect(geos).toHaveLength(3);
      for (const geo of geos) expect(geo).toMatch(/^DE[0-9A-F]{2}$/);
      const values = reply.body.citations.map((c: any) => c.value);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      expect(await apiValue('nama_10r_3gdp', geos[0], '2021')).toBe(values[0]);
      expect(uncitedNumbers(reply.body.answer, reply.body.citations, reply.body.derived)).toEqual([]);
    } finally {
      await model.close();
    }
  });
});
