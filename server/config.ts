// Settings from environment variables, validated once at start, with defaults that make `npm start` work.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === 'memory:' || v.startsWith('file:') || /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL must be memory:, file:<dir> or postgres://…',
    })
    .optional(),
  DATA_MIRROR: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  EUROSTAT_API: z.url().default('https://ec.europa.eu/eurostat/api/dissemination'),
  /** Set to 0 to skip importing the sample datasets on first start. */
  SEED_ON_START: z.enum(['0', '1']).default('1'),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string; dataMirror: string | null; publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const defaultMirror = path.resolve(repoRoot, '../shared/data');
  const dataMirror = c.DATA_MIRROR ?? (existsSync(defaultMirror) ? defaultMirror : null);
  return {
    ...c,
    dataDir: path.join(repoRoot, '.data'),
    dataMirror,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
  };
}
