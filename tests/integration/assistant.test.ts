// The chat assistant on a real database: answers with a citation for every number (values checked against the data
// API), follow-ups, plain declines, conversations per user, API keys and the daily limit, and the language-model
// engine against a scripted OpenAI-compatible server, including a "model" that invents a number (refused).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncitedNumbers } from '../../core/assistant/compose';
import { LLM_REFUSED } from '../../server/assistant/llm';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
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
}, 120_000);
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

function llmApp(url: string) {
  const config = loadConfig({
    PUBLIC_URL: h.publicUrl,
    AUTH_SECRET: authSecret,
    TRUST_PROXY: '1',
    LLM_BASE_URL: url,
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'scripted',
  });
  const app = createApp({ db: h.database.db, config });
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
