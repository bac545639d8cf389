// `as_of` (decision 125): the time a request asks for the values as they stood, as an ISO 8601 date or date-time.

/** What `as_of` takes, for messages that refuse another value. */
export const AS_OF_HINT =
  'an ISO 8601 date-time with its zone, such as 2026-06-02T10:00:00Z, or a date such as 2026-06-02';

/** The longest `as_of` read (a date-time with fraction and offset is 29 characters). */
const maxLength = 40;

/**
 * An ISO 8601 date-time with a zone (2026-06-02T10:00:00Z, …+02:00) or a date alone, which means the end of that day
 * in UTC (what was published that day counts); null when `raw` is neither.
 */
export function readAsOf(raw: string): Date | null {
  const text = raw.trim();
  if (text.length > maxLength) return null;
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (date) {
    const d = new Date(`${text}T23:59:59.999Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text ? null : d;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}
