// The admin imports page's view of the refresh (issue 13): what server/refresh/service.ts hands the page's loader and
// action through the load context (pages do not import the server).

/** The largest file an admin may upload: the action stops reading past it (decision 171). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

const MB = 1024 * 1024;
/**
 * How far a gzip upload may decompress (decision 186): to this many times its own size (Eurostat's files grow 3 to 32
 * times) ...
 */
export const MAX_INFLATE_RATIO = 100;
/** ... but always to 16 MB, however small it is ... */
export const MIN_INFLATE_BYTES = 16 * MB;
/** ... and never past 1 GB (a Eurostat TSV is read from disk a line at a time, never whole). */
export const MAX_INFLATED_BYTES = 1024 * MB;

/** The decompressed bytes a gzip upload of `compressedBytes` may reach; past them its import stops and fails. */
export function inflateLimit(compressedBytes: number): number {
  return Math.min(MAX_INFLATED_BYTES, Math.max(MIN_INFLATE_BYTES, MAX_INFLATE_RATIO * compressedBytes));
}

/** What a failed upload's import says of a gzip file that decompresses past its limit. */
export function inflatedTooLargeMessage(limitBytes: number): string {
  return (
    `decompresses to more than ${Math.floor(limitBytes / MB)} MB: a gzip upload may grow to ${MAX_INFLATE_RATIO} times ` +
    `its size (at least ${MIN_INFLATE_BYTES / MB} MB, at most ${MAX_INFLATED_BYTES / MB} MB). ` +
    'Upload it uncompressed, or import it with npm run import.'
  );
}

/** What the page and the action say of a file over the limit: the browser checks before sending, the action after. */
export function fileTooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${maxBytes / 1024 / 1024} MB.`;
}

/**
 * What a form may carry besides its file (the other fields, the parts' headers and boundaries): the body limit of
 * /app/admin/imports (server/http/middleware/work-limits.ts) is the file's limit and this, so a file of the largest size reaches
 * the action, which answers a larger one itself.
 */
export const UPLOAD_FORM_BYTES = 1024 * 1024;

export interface ImportJob {
  id: number;
  kind: 'refresh' | 'code' | 'upload';
  /** The dataset code, or the uploaded file's name. */
  label: string;
  startedAt: string;
  finishedAt: string | null;
  phase: 'waiting' | 'downloading' | 'importing' | 'done' | 'failed';
  /** Values stored so far of `total` (0 of 0 before the import knows). */
  done: number;
  total: number;
  runId: number | null;
  /** The outcome in one line. */
  message: string | null;
}

/** A file of a form, saved on disk as it arrived (decision 171). */
export interface SavedUpload {
  /** The name the browser gave it, without folders and made safe (`uploadName`). */
  name: string;
  /** Where it is on disk: a folder of uploads under the data folder. */
  path: string;
  bytes: number;
}

/** A form posted to the imports page, read as it arrived: its text fields, and its file written to disk. */
export interface ImportForm {
  /** Each text field's first value. */
  fields: Map<string, string>;
  /** The file field's file, or null when the form has none or an empty one (nothing is kept then). */
  file: SavedUpload | null;
  /** The file was over the limit: reading stopped there, and nothing of it was kept. */
  tooLarge: boolean;
}

export interface AdminImports {
  /** "daily at 11:15 and 23:15 (Europe/Luxembourg)" or "off". */
  schedule: string;
  nextRunAt(): Date | null;
  /** Whether the account is named in ADMIN_EMAILS (and its address is verified). */
  isAdmin(email: string, verified: boolean): boolean;
  /** Re-imports a dataset from Eurostat now, changed or not; also imports one we do not hold yet ('code'). */
  refreshNow(code: string, kind?: 'refresh' | 'code'): ImportJob;
  /**
   * Reads a posted form as it arrives, writing the file of `fileField` to disk a chunk at a time (never whole in
   * memory); past `maxFileBytes` of it, stops reading and keeps nothing. Rejects when the body is no readable form.
   */
  readForm(request: Request, opts: { fileField: string; maxFileBytes: number }): Promise<ImportForm>;
  /** Removes a file `readForm` saved that will not be imported. */
  discardUpload(file: SavedUpload): Promise<void>;
  /** Imports a file `readForm` saved, from disk, in the background; the file is removed when the import ends. */
  importUpload(file: SavedUpload, code?: string): ImportJob;
  jobs(): ImportJob[];
}
