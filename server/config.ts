// Settings from environment variables, validated once at start, with defaults that make `npm start` work.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from '../db/project-root';

/** The repository's folder, from the sources and from the server bundle in the build folder alike. */
export const repoRoot = projectRoot;

/** An optional setting where an empty value means unset. */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).optional());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === 'memory:' || v.startsWith('file:') || /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL must be memory:, file:<dir> or postgres://…',
    })
    .optional(),
  /**
   * A PostgreSQL hot standby of DATABASE_URL: public pages, embeds, the data API and sharing cards read from it while it
   * is current (docs/decisions/218).
   */
  DATABASE_READ_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'DATABASE_READ_URL must be postgres://…',
  }),
  DATA_MIRROR: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  EUROSTAT_API: z.url().default('https://ec.europa.eu/eurostat/api/dissemination'),
  /** Scheduled refresh from Eurostat: times of day in Europe/Luxembourg, or off (docs/decisions/120). */
  REFRESH_SCHEDULE: z
    .string()
    .trim()
    .default('11:15,23:15')
    .refine((v) => /^(off|([01]?\d|2[0-3]):[0-5]\d(\s*,\s*([01]?\d|2[0-3]):[0-5]\d)*)$/i.test(v), {
      message: 'REFRESH_SCHEDULE must be "off" or times of day such as "11:15,23:15"',
    }),
  /** Comma list of e-mail addresses whose accounts see /app/admin/imports (docs/decisions/122). */
  ADMIN_EMAILS: z.string().default(''),
  /** Set to 0 to skip importing the sample datasets on first start. */
  SEED_ON_START: z.enum(['0', '1']).default('1'),
  // Accounts (docs/decisions/0xx-auth-*.md). Without SMTP_URL, mail goes to .data/outbox.
  SMTP_URL: optionalText.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: 'SMTP_URL must be smtp://… or smtps://…',
  }),
  MAIL_FROM: optionalText,
  /** At least 32 characters; generated and kept in .data/auth-secret when unset. */
  AUTH_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'AUTH_SECRET must have at least 32 characters',
  }),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** An OpenID issuer standing in for Google (tests, self-hosted identity providers). */
  GOOGLE_ISSUER: optionalText.pipe(z.url().optional()),
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  MICROSOFT_TENANT_ID: z.string().default('common'),
  /** An OpenID issuer standing in for Microsoft. */
  MICROSOFT_ISSUER: optionalText.pipe(z.url().optional()),
  /** Comma list of extra origins allowed to send state-changing requests. */
  TRUSTED_ORIGINS: optionalText,
  /** 1 when a reverse proxy appends the client address to X-Forwarded-For (rate limits key on it). */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** App processes (Node cluster) sharing the port; above 1 needs PostgreSQL (docs/operations.md). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Data API requests a Free account or client address may send per UTC day (docs/decisions/022 and 090). */
  API_FREE_DAILY_LIMIT: z.coerce.number().int().min(0).default(1000),
  /** Requests an address may send per UTC day with our pages' token before they count like a script's (decision 071). */
  PAGE_TOKEN_DAILY_LIMIT: z.coerce.number().int().min(0).default(10_000),
  /** Megabytes of whole responses kept in memory for repeated reads (server/http/response-cache/); 0 turns it off. */
  RESPONSE_CACHE_MB: z.coerce.number().min(0).default(64),
  /** Blocks of values (one place's values of a few series) kept per process for unique queries (decision 179); 0: none. */
  VALUE_BLOCKS: z.coerce.number().int().min(0).default(500),
  /**
   * Comma list of caching proxies (Varnish, deploy/varnish/default.vcl) that get a BAN naming the surrogate keys of what
   * each release made stale (docs/decisions/218).
   */
  PROXY_PURGE_URL: optionalText.refine(
    (v) => v === undefined || v.split(',').every((u) => /^https?:\/\/\S+$/.test(u.trim())),
    { message: 'PROXY_PURGE_URL must be http(s)://… addresses, comma-separated' },
  ),
  /** Redis for live updates across app processes (pub/sub); without it PostgreSQL LISTEN/NOTIFY (docs/decisions/131). */
  REDIS_URL: optionalText.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    message: 'REDIS_URL must be redis://… or rediss://…',
  }),
  /** Live-update streams (SSE) one app process keeps open at most (docs/decisions/132). */
  LIVE_MAX_STREAMS: z.coerce.number().int().min(1).default(1000),
  /** The chat assistant's optional language model: an OpenAI-compatible chat-completions endpoint (all three or none). */
  LLM_BASE_URL: optionalText.pipe(z.url().optional()),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  /** Pro billing with Stripe (docs/operations.md, decision 075): without the secret key the buttons say billing is off. */
  STRIPE_SECRET_KEY: optionalText,
  /** The webhook endpoint's signing secret (whsec_…): events are verified against it. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Price ids (price_…) of the Pro subscription per month and per year. */
  STRIPE_PRICE_MONTHLY: optionalText,
  STRIPE_PRICE_YEARLY: optionalText,
  /** Another Stripe API address (a local stub in tests, stripe-mock); Stripe's own when unset. */
  STRIPE_API_URL: optionalText.pipe(z.url().optional()),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string; dataMirror: string | null; publicUrl: string };

/**
 * The one public address of the site, without a trailing slash: PUBLIC_URL, else its documented default
 * http://localhost:$PORT. Every absolute address the product writes (pages' canonical and sharing tags, JSON-LD,
 * feeds, sitemaps, robots.txt, catalogue documents, e-mails, OAuth) starts with it, never with a request's Host
 * (docs/decisions/183). With PORT=0, server/index.ts picks the port first and passes it here.
 */
export function publicUrlOf(settings: { PUBLIC_URL?: string | undefined; PORT: number }): string {
  return (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, '');
}

/**
 * The start log's last line: the site's address (PUBLIC_URL, else http://localhost:PORT), and the address the server
 * listens on when that is another (decision 200). The browser tests read the port from "listening on …:PORT".
 */
export function readyLine(config: Pick<Config, 'publicUrl' | 'HOST'>, port: number): string {
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const bound = `http://${host}:${port}`;
  return bound === config.publicUrl
    ? `listening on ${bound}`
    : `open ${config.publicUrl} (listening on ${host}:${port})`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.DATABASE_READ_URL && !/^postgres(ql)?:\/\//.test(c.DATABASE_URL ?? '')) {
    throw new Error(
      'Invalid configuration:\nDATABASE_READ_URL: needs DATABASE_URL=postgres://… (a PostgreSQL primary)',
    );
  }
  const defaultMirror = path.resolve(repoRoot, '../shared/data');
  const dataMirror = c.DATA_MIRROR ?? (existsSync(defaultMirror) ? defaultMirror : null);
  return {
    ...c,
    dataDir: path.join(repoRoot, '.data'),
    dataMirror,
    publicUrl: publicUrlOf(c),
  };
}

/** The assistant's language-model settings when all three are set; otherwise the built-in engine answers. */
export function llmSettings(c: Config): { baseUrl: string; apiKey: string; model: string } | null {
  if (!c.LLM_BASE_URL || !c.LLM_API_KEY || !c.LLM_MODEL) return null;
  return { baseUrl: c.LLM_BASE_URL, apiKey: c.LLM_API_KEY, model: c.LLM_MODEL };
}

/** Stripe settings when billing is configured (a secret key); null otherwise. */
export function billingSettings(c: Config): {
  secretKey: string;
  webhookSecret: string | null;
  prices: { month: string | null; year: string | null };
  apiUrl: string | null;
} | null {
  if (!c.STRIPE_SECRET_KEY) return null;
  return {
    secretKey: c.STRIPE_SECRET_KEY,
    webhookSecret: c.STRIPE_WEBHOOK_SECRET ?? null,
    prices: { month: c.STRIPE_PRICE_MONTHLY ?? null, year: c.STRIPE_PRICE_YEARLY ?? null },
    apiUrl: c.STRIPE_API_URL ?? null,
  };
}
