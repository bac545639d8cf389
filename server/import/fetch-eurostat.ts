// Downloads a whole dataset from Eurostat's dissemination API as bytes that parseFile understands.
import { isGzip } from './parsers/input-text';

export const eurostatApiBase = 'https://ec.europa.eu/eurostat/api/dissemination';

export type EurostatDownloadFormat = 'jsonstat' | 'sdmx-csv';

export interface FetchEurostatOptions {
  /** Defaults to Eurostat's dissemination API; tests point it at a local server. */
  baseUrl?: string;
  format?: EurostatDownloadFormat;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

export interface FetchedFile {
  fileName: string;
  bytes: Buffer;
}

/** Thrown when Eurostat cannot be reached or does not answer 200; `status` is null for network failures. */
export class EurostatFetchError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EurostatFetchError';
  }
}

/** The download URL of a whole dataset in the given format. */
export function eurostatDatasetUrl(code: string, format: EurostatDownloadFormat, baseUrl = eurostatApiBase): string {
  const base = baseUrl.replace(/\/+$/, '');
  const dataset = encodeURIComponent(code);
  return format === 'jsonstat'
    ? `${base}/statistics/1.0/data/${dataset}?format=JSON&lang=EN`
    : `${base}/sdmx/2.1/data/${dataset}?format=SDMX-CSV&compressed=true`;
}

export async function fetchEurostat(code: string, options: FetchEurostatOptions = {}): Promise<FetchedFile> {
  // Dataset codes are letters, digits and underscores; anything else would change the URL's meaning.
  if (!/^[A-Za-z0-9_]+$/.test(code)) throw new EurostatFetchError(`invalid dataset code "${code}"`, null);
  const format = options.format ?? 'jsonstat';
  const url = eurostatDatasetUrl(code, format, options.baseUrl);
  const fetchImpl = options.fetchImpl ?? fetch;

  let response: Response;
  try {
    response = await fetchImpl(url, { signal: options.signal, headers: { 'user-agent': 'statistics-publisher' } });
  } catch (error) {
    throw new EurostatFetchError(`could not reach Eurostat for dataset ${code}: ${describe(error)}`, null, {
      cause: error,
    });
  }
  if (response.status !== 200) {
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    const reason = response.statusText ? ` ${response.statusText}` : '';
    throw new EurostatFetchError(`Eurostat answered ${response.status}${reason} for dataset ${code}`, response.status);
  }
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new EurostatFetchError(`download of dataset ${code} from Eurostat broke off: ${describe(error)}`, null, {
      cause: error,
    });
  }
  const fileName = format === 'jsonstat' ? `${code}.json` : isGzip(bytes) ? `${code}.csv.gz` : `${code}.csv`;
  return { fileName, bytes };
}

/** fetch() hides the useful part (ECONNREFUSED, ENOTFOUND …) in the cause of a generic "fetch failed". */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : null;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : null;
  return code ? `${error.message} (${code})` : cause ? `${error.message} (${cause.message})` : error.message;
}
