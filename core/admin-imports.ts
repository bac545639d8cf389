// The admin imports page's view of the refresh (issue 13): what server/refresh/service.ts hands the page's loader and
// action through the load context (pages do not import the server).

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

export interface AdminImports {
  /** "daily at 11:15 and 23:15 (Europe/Luxembourg)" or "off". */
  schedule: string;
  nextRunAt(): Date | null;
  /** Whether the account is named in ADMIN_EMAILS (and its address is verified). */
  isAdmin(email: string, verified: boolean): boolean;
  /** Re-imports a dataset from Eurostat now, changed or not; also imports one we do not hold yet ('code'). */
  refreshNow(code: string, kind?: 'refresh' | 'code'): ImportJob;
  importUpload(fileName: string, bytes: Uint8Array, code?: string): ImportJob;
  jobs(): ImportJob[];
}
