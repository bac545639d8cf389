// Every in-process cache of the server, declared in one place (issue 37, decision 195): what its key is, what its
// entries are valid for, its bound and the setting that sets it. One release event (the answer_versions notice every
// committed import, post, redirect or table of contents sends) invalidates every cache whose entries can go stale.
import { currentDatasetVersions, dropStaleMemos, MEMO_GROUP_LIMIT, memoSize } from '../db/catalogue-memo';
import type { ReadDb } from '../db/client';
import { replicaRouting } from '../db/replica';
import { VALUE_BLOCKS_GROUP, valueBlocksKept } from '../db/queries/observations';
import type { OutlineStore } from './geo/outline-store';
import { OUTLINE_FILES } from './geo/outline-store';
import type { ResponseCache } from './http/response-cache';
import { freshRead } from './http/fresh-read';
import { watchAnswerVersions } from './http/response-cache/answer-versions';
import { DICTIONARY_FILES_KEPT, dictionaryFilesKept } from './import/labels';
import { PAGE_TOKEN_SIGNATURES, pageTokenSignaturesKept } from './keys/page-token';

/** The tables whose committed changes send the release event (migrations 0021 and 0026). */
export type ReleaseTable = 'datasets' | 'posts' | 'redirects' | 'catalogue_entries';

/** The memo's key of the assistant's gazetteer (server/assistant/data.ts, decision 192): one value per database. */
const GAZETTEER_KEY = 'gazetteer';

/** What a cache's entries are valid for. */
export type VersionSource =
  /** Entries carry a version the database moves; the release event of these tables drops the stale ones. */
  | { kind: 'release'; tables: readonly ReleaseTable[]; what: string }
  /** Entries of files that do not change while the server runs: never stale, so nothing to invalidate. */
  | { kind: 'immutable-files'; what: string }
  /** Entries derived from the auth secret, fixed for the process: never stale. */
  | { kind: 'secret'; what: string };

export interface CacheBound {
  limit: number;
  unit: 'entries' | 'bytes';
  /** What the limit applies to, when not the whole cache ("group", "body", "database handle"). */
  per?: string;
  /** The setting that sets it, if any. */
  setting?: string;
}

export interface CacheDeclaration {
  name: string;
  /** Where it lives. */
  module: string;
  /** What tells its entries apart. */
  key: string;
  version: VersionSource;
  /** Every bound it keeps; the first is in entries. */
  bounds: readonly CacheBound[];
  /** Entries kept now. */
  size(): number;
  /** Drops what the release made stale; absent where nothing can go stale. */
  invalidate?(release: Release): void | Promise<void>;
}

/** One release event, as each cache's invalidation sees it. */
export interface Release {
  /** The table whose change was committed; null when unknown (anything may have changed). */
  table: ReleaseTable | null;
  /** The versions memoised values can be current at, read at most once per release (currentDatasetVersions). */
  datasetVersions(): Promise<ReadonlySet<string>>;
}

export interface CacheRegistry {
  /** Every cache, as declared. */
  list(): readonly CacheDeclaration[];
  /** The release event: every version-dependent cache that follows `table` drops its stale entries. */
  release(table: ReleaseTable | null): Promise<void>;
  /**
   * Listens for the release event on the database (answer_versions); answers how long the response cache may trust a
   * versions read without hearing of a change (null: nothing can be heard, see watchAnswerVersions).
   */
  listen(): Promise<{ maxAgeMs: number } | null>;
  /** Resolves once every release heard so far has been applied (tests wait for it). */
  idle(): Promise<void>;
}

export interface CacheRegistryOptions {
  db: ReadDb;
  /** The app's response cache (a getter: it is made after the registry, whose listen it uses). */
  responseCache: () => ResponseCache;
  outlines: OutlineStore;
}

const releaseTables: readonly ReleaseTable[] = ['datasets', 'posts', 'redirects', 'catalogue_entries'];

function isReleaseTable(table: string | null): table is ReleaseTable {
  return (releaseTables as readonly (string | null)[]).includes(table);
}

/** The caches of one app and its database. */
export function cacheRegistry(opts: CacheRegistryOptions): CacheRegistry {
  const { db } = opts;
  const memoVersion: VersionSource = {
    kind: 'release',
    tables: ['datasets', 'posts', 'catalogue_entries'],
    what:
      'the catalogue version or a dataset version (id and updated_at; every import moves it), some with the posts ' +
      "version; the sitemaps the pages' answer versions, the catalogue's themes the API's (both with the table of " +
      'contents applied)',
  };
  const dropStale = (group?: string) => async (release: Release) => {
    dropStaleMemos(db, await release.datasetVersions(), group);
  };
  const caches: CacheDeclaration[] = [
    {
      name: 'responses',
      module: 'server/http/response-cache',
      key: 'method, path and query; with Accept for the data API, with colour mode, scheme hint and crawler for pages',
      version: {
        kind: 'release',
        tables: releaseTables,
        what: 'the answer versions: catalogue and catalogue list (API), with posts and redirects (pages)',
      },
      get bounds(): CacheBound[] {
        const { maxEntries, maxBytes, maxEntryBytes } = opts.responseCache().bounds;
        return [
          { limit: maxEntries, unit: 'entries' },
          { limit: maxBytes, unit: 'bytes', setting: 'RESPONSE_CACHE_MB' },
          { limit: maxEntryBytes, unit: 'bytes', per: 'body' },
        ];
      },
      size: () => opts.responseCache().stats().entries,
      invalidate: () => opts.responseCache().invalidate(),
    },
    {
      name: 'catalogue memo',
      module: 'db/catalogue-memo.ts',
      key:
        'group:rest per database handle (metadata, coverage, figures, featured and chart images, sitemaps, themes, ' +
        'cards)',
      version: memoVersion,
      bounds: [{ limit: MEMO_GROUP_LIMIT, unit: 'entries', per: 'group' }],
      size: () => memoSize(db) - memoSize(db, VALUE_BLOCKS_GROUP) - memoSize(db, GAZETTEER_KEY),
      invalidate: dropStale(),
    },
    {
      name: 'value blocks',
      module: 'db/queries/observations.ts',
      key: 'dataset, set of series and place (group value-blocks of the memo)',
      version: { kind: 'release', tables: ['datasets'], what: "the dataset's version (id and updated_at)" },
      get bounds(): CacheBound[] {
        return [{ limit: valueBlocksKept(db), unit: 'entries', setting: 'VALUE_BLOCKS' }];
      },
      size: () => memoSize(db, VALUE_BLOCKS_GROUP),
      invalidate: dropStale(VALUE_BLOCKS_GROUP),
    },
    {
      name: 'gazetteer',
      module: 'server/assistant/data.ts',
      key: 'one per database handle (key gazetteer of the memo)',
      version: { kind: 'release', tables: ['datasets'], what: 'the catalogue version' },
      bounds: [{ limit: 1, unit: 'entries', per: 'database handle' }],
      size: () => memoSize(db, GAZETTEER_KEY),
      invalidate: dropStale(GAZETTEER_KEY),
    },
    {
      name: 'outlines',
      module: 'server/geo/outline-store.ts',
      key: "the file: the world atlas's outlines, or a NUTS level's",
      version: { kind: 'immutable-files', what: 'world-atlas (a package) and the data mirror' },
      bounds: [{ limit: OUTLINE_FILES, unit: 'entries' }],
      size: () => opts.outlines.size(),
    },
    {
      name: 'page-token signatures',
      module: 'server/keys/page-token.ts',
      key: "the token's expiry (a ten-minute step) and the secret",
      version: { kind: 'secret', what: 'AUTH_SECRET, fixed while the process runs' },
      bounds: [{ limit: PAGE_TOKEN_SIGNATURES, unit: 'entries', per: 'process' }],
      size: pageTokenSignaturesKept,
    },
    {
      name: 'label dictionaries',
      module: 'server/import/labels.ts',
      key: "the dictionary file's path",
      version: { kind: 'immutable-files', what: "the data mirror's Eurostat dictionaries" },
      bounds: [{ limit: DICTIONARY_FILES_KEPT, unit: 'entries', per: 'process' }],
      size: dictionaryFilesKept,
    },
  ];

  // A burst of notices (a table of contents applied sends one per statement) shares one read of the versions, which
  // starts after the notice arrived, so it sees the committed change.
  const datasetVersions = freshRead(() => currentDatasetVersions(db));
  const applying = new Set<Promise<unknown>>();

  const release = (table: ReleaseTable | null): Promise<void> => {
    const event: Release = { table, datasetVersions };
    const follows = (cache: CacheDeclaration) =>
      cache.version.kind === 'release' && (table === null || cache.version.tables.includes(table));
    // Each invalidation starts at once: what answers requests without a read (the response cache) knows of the release
    // before the next request (on PGlite, before the writing statement returns).
    const done = Promise.allSettled(caches.filter(follows).map(async (cache) => cache.invalidate?.(event))).then(
      (results) => {
        for (const result of results) {
          // Only memory is at stake (every read compares versions): the next release tries again.
          if (result.status === 'rejected') console.warn('cache release failed:', result.reason);
        }
      },
    );
    applying.add(done);
    void done.finally(() => applying.delete(done));
    return done;
  };

  return {
    list: () => caches,
    release,
    listen: () => {
      const replica = replicaRouting(db);
      if (!replica) return watchAnswerVersions(db, (table) => void release(isReleaseTable(table) ? table : null));
      // With a read replica (decision 218) a release is applied once the replica holds it: caches emptied before would
      // fill again from the replica's older rows. A replica read again after it was left out may be older than what
      // the caches read from the primary meanwhile: they read their versions again.
      replica.onCurrentAgain(() => void release(null));
      return watchAnswerVersions(db, (table) => {
        const applied = replica.caughtUp().then(() => release(isReleaseTable(table) ? table : null));
        applying.add(applied);
        void applied.finally(() => applying.delete(applied));
      });
    },
    idle: async () => {
      await Promise.all(applying);
    },
  };
}
