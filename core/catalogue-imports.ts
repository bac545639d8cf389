// Import on demand (issue 36, decision 188): what pages and the API are told about a catalogue entry's data, and what
// they may ask for. server/refresh/import-queue.ts implements it; pages reach it through the load context.

export type ImportRequestStatus = 'waiting' | 'running' | 'done' | 'failed';

export interface ImportState {
  code: string;
  /** 'listed': in the catalogue, nobody asked yet; 'imported': the data is here. */
  status: 'listed' | 'imported' | ImportRequestStatus;
  /** Requests ahead of this one (waiting only). */
  ahead: number;
  /** Values stored so far of `total` (running only; 0 of 0 until the file is read). */
  done: number;
  total: number;
  /** Why the last attempt failed, for people. */
  error: string | null;
  /** Eurostat could not be reached (or timed out) at the last attempt. */
  unreachable: boolean;
  /** The request was refused because too many visitors' requests wait: ask again later. */
  busy: boolean;
}

export interface CatalogueImports {
  /**
   * Asks for the data of a catalogue entry; null when the catalogue does not list it. An entry already imported,
   * waiting or running is left as it is; a failed one is asked again after a while.
   */
  request(code: string, origin: 'visitor' | 'admin'): Promise<ImportState | null>;
  state(code: string): Promise<ImportState | null>;
}

/** What an API client is told to wait before asking again (seconds). */
export const IMPORT_RETRY_AFTER_S = 10;

/** What a page says when Eurostat could not be reached for a dataset's data. */
export const UNREACHABLE_MESSAGE =
  'Eurostat could not be reached, so the data of this dataset cannot be imported now. Its description stays here; try again in a few minutes.';

/** What a page says when too many imports wait. */
export const BUSY_MESSAGE =
  'Many datasets are being imported right now; this one will be imported when you open it again in a few minutes.';
