// Map outlines read once per store (a server makes one): world-atlas countries (110m completed from 50m) and the
// mirror's NUTS 2021 regions.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  outlinesPath,
  worldOutlines,
  type CountriesTopology,
  type LoadedOutlines,
  type OutlineChoice,
  type Outlines,
} from '../../app/charts';

/** An outline file as the geo API serves it and the renderers draw it. */
export interface OutlineFile {
  outlines: Outlines;
  /** The GeoJSON text served by GET /api/geo/…, and its ETag. */
  json: string;
  etag: string;
}

export type NutsLevel = 0 | 1 | 2 | 3;

/** Outlines that this server cannot have: no data mirror, or no such file in it. */
export class OutlinesMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutlinesMissingError';
  }
}

export interface OutlineStore {
  world(): Promise<OutlineFile>;
  /** Rejects with OutlinesMissingError without a mirror or without the file. */
  nuts(level: NutsLevel): Promise<OutlineFile>;
  /**
   * The outlines a map of the choice draws, with the API path the browser would fetch them from; null when this
   * server has none (NUTS without a data mirror), an expected state. A file that cannot be read or parsed rejects.
   */
  forChoice(choice: OutlineChoice): Promise<LoadedOutlines | null>;
  /** How many files are kept (read or being read): OUTLINE_FILES at most. */
  size(): number;
}

const WORLD_BASE = 'world-atlas/countries-110m.json';
const WORLD_DETAIL = 'world-atlas/countries-50m.json';

/** Reads a file as UTF-8 text (fs.readFile; a test passes one that counts). */
export type ReadText = (file: string) => Promise<string>;

const readText: ReadText = (file) => readFile(file, 'utf8');

/** Every file a store can read: the world's outlines and the four NUTS levels. Its bound (server/caches.ts). */
export const OUTLINE_FILES = 5;

interface FileMemo {
  (source: string, load: () => Promise<string>): Promise<OutlineFile>;
  size(): number;
}

/**
 * Loads each source once (the files do not change while a server runs, so nothing is ever stale); a failed load is
 * forgotten. Its keys are the store's own OUTLINE_FILES paths, never a request's, so it holds that many at most.
 */
function memo(): FileMemo {
  const cache = new Map<string, Promise<OutlineFile>>();
  const load = (source: string, load: () => Promise<string>): Promise<OutlineFile> => {
    let entry = cache.get(source);
    if (!entry) {
      entry = load().then((json) => ({
        json,
        outlines: JSON.parse(json) as Outlines,
        etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`,
      }));
      cache.set(source, entry);
      entry.catch(() => cache.delete(source));
    }
    return entry;
  };
  return Object.assign(load, { size: () => cache.size });
}

async function worldJson(read: ReadText): Promise<string> {
  const require = createRequire(import.meta.url);
  const topology = async (name: string) => JSON.parse(await read(require.resolve(name))) as CountriesTopology;
  const [base, detail] = await Promise.all([topology(WORLD_BASE), topology(WORLD_DETAIL)]);
  return JSON.stringify(worldOutlines(base, detail));
}

async function nutsJson(read: ReadText, file: string, level: NutsLevel): Promise<string> {
  let text: string;
  try {
    text = await read(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException | null)?.code === 'ENOENT') {
      throw new OutlinesMissingError(`NUTS level ${level} outlines are not in the data mirror`);
    }
    throw err;
  }
  const parsed = JSON.parse(text) as { type?: unknown; features?: unknown };
  if (parsed.type !== 'FeatureCollection' || !Array.isArray(parsed.features)) {
    throw new Error(`not a GeoJSON FeatureCollection: ${file}`);
  }
  return text;
}

/** The store of a server whose shared data folder is `dataMirror` (null: world outlines only). */
export function outlineStore(dataMirror: string | null, read: ReadText = readText): OutlineStore {
  const cached = memo();
  const store: OutlineStore = {
    world: () => cached(WORLD_BASE, () => worldJson(read)),
    nuts(level) {
      if (!dataMirror) {
        return Promise.reject(
          new OutlinesMissingError(`NUTS level ${level} outlines are not available: no data mirror`),
        );
      }
      const file = path.resolve(dataMirror, 'geo/nuts2021', `nutsrg_${level}.json`);
      return cached(file, () => nutsJson(read, file, level));
    },
    async forChoice(choice) {
      try {
        const file = choice.kind === 'world' ? await store.world() : await store.nuts(choice.level);
        return { kind: choice.kind, outlines: file.outlines, path: outlinesPath(choice) };
      } catch (err) {
        if (err instanceof OutlinesMissingError) return null;
        throw err;
      }
    },
    size: () => cached.size(),
  };
  return store;
}
