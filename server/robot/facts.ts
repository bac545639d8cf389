// What a robot template's article says, read from the database: the series' values of each place through the one view
// loader (server/assistant/data.ts → db/queries/view.ts), the EU countries at the same period for the rank, and the
// last release's revisions (decision 125). Each value carries its citation, as chat answers do (decision 080).
import { EU27_2020 } from '../../core/assistant/places';
import type { CitedValue, PlaceFacts, RobotFacts } from '../../core/robot/article';
import type { RobotSection } from '../../core/robot/template';
import { parsePeriod } from '../../core/periods';
import type { ReadDb } from '../../db/client';
import { listRevisions, lastRelease } from '../../db/queries/revisions';
import type { RobotTemplateRow } from '../../db/queries/robot';
import {
  chooseSeries,
  citationOf,
  loadDataset,
  observations,
  placeName,
  seriesLabel,
  unitCodeOf,
  type Dataset,
  type Obs,
  type SeriesChoice,
} from '../assistant/data';

/** A template's input the server could not use: an unknown dataset or series value. */
export class RobotInputError extends Error {
  override name = 'RobotInputError';
}

/** How many revisions of a place the article lists (the largest; the release may have revised hundreds). */
const MAX_REVISIONS = 5;

export type TemplateFacts = Pick<
  RobotTemplateRow,
  'datasetCode' | 'dimensions' | 'geos' | 'sections' | 'changeLag' | 'titlePattern'
>;

/** A country, not an aggregate (EU…, EA…) nor a NUTS region. */
export function isCountryCode(geo: string): boolean {
  return /^[A-Z]{2}$/.test(geo) && geo !== 'EU' && geo !== 'EA';
}

/** The dataset and series a template names, or RobotInputError saying what is unknown. */
export async function templateSeries(
  db: ReadDb,
  t: Pick<TemplateFacts, 'datasetCode' | 'dimensions'>,
): Promise<{ ds: Dataset; series: SeriesChoice }> {
  const ds = await loadDataset(db, t.datasetCode);
  if (!ds) throw new RobotInputError(`invalid dataset: no dataset with code "${t.datasetCode}"`);
  const byCode: Record<string, string> = {};
  for (const [key, code] of Object.entries(t.dimensions)) {
    const dim = ds.meta.dimensions.find((d) => d.key === key);
    if (!dim) throw new RobotInputError(`invalid dimensions: ${key} is not a dimension of ${ds.meta.dataset_code}`);
    byCode[dim.code] = code;
  }
  const series = chooseSeries(ds, byCode);
  if ('missing' in series) {
    throw new RobotInputError(`invalid dimensions: ${ds.meta.dataset_code} has no value ${series.missing}`);
  }
  return { ds, series };
}

/** Every fact the template's sections need, each number with its citation. */
export async function readFacts(db: ReadDb, origin: string, t: TemplateFacts): Promise<RobotFacts> {
  const { ds, series } = await templateSeries(db, t);
  const sections = t.sections as RobotSection[];
  const cited = (o: Obs): CitedValue => ({
    period: o.period,
    value: o.value,
    flags: o.flags,
    citation: citationOf(origin, ds, series, o),
  });
  const values = await observations(db, ds, series, t.geos);
  const release = sections.includes('revisions') ? await lastRelease(db, ds.meta, 0) : null;
  const places: PlaceFacts[] = [];
  for (const geo of t.geos) {
    const own = values.filter((o) => o.geo === geo);
    const known = ds.meta.available_countries.find((c) => c.code === geo);
    const name = placeName(geo, own[0]?.geoName ?? known?.name ?? geo);
    const latest = own[own.length - 1];
    const country = isCountryCode(geo);
    const inEu = (EU27_2020 as readonly string[]).includes(geo);
    let rank: PlaceFacts['rank'] = null;
    if (sections.includes('rank') && country && inEu && latest) {
      const members = await observations(db, ds, series, EU27_2020, latest.period, latest.period);
      rank = {
        period: latest.period,
        members: members.map((o) => ({ geo: o.geo, name: placeName(o.geo, o.geoName), value: cited(o) })),
      };
    }
    let revisions: PlaceFacts['revisions'] = null;
    if (release && !release.first) {
      const { items } = await listRevisions(db, ds.meta, {
        since: new Date(release.importedAt),
        dims: Object.fromEntries(Object.entries(series.dims).map(([k, v]) => [k, [v]])),
        countries: [geo],
        kinds: ['changed'],
        limit: 200,
        offset: 0,
      });
      revisions = items
        .filter((r) => r.import_run_id === release.importRunId && r.old_value !== null)
        .map((r) => {
          const ordinal = parsePeriod(r.period)?.ordinal;
          const now = own.find((o) => o.period === ordinal);
          if (ordinal === undefined || !now) return null;
          const before = cited({ ...now, value: r.old_value!, flags: r.old_flags });
          // The value before lives in the revisions, not in today's chart view.
          before.citation.url =
            `${origin.replace(/\/+$/, '')}/api/datasets/${encodeURIComponent(ds.meta.dataset_code)}/revisions?` +
            `country=${geo}&period_from=${r.period}&period_to=${r.period}`;
          return { period: ordinal, before, now: cited(now) };
        })
        .filter((r): r is NonNullable<typeof r> => r !== null)
        .sort((a, b) => Math.abs(b.now.value - b.before.value) - Math.abs(a.now.value - a.before.value))
        .slice(0, MAX_REVISIONS)
        .sort((a, b) => a.period - b.period);
    }
    places.push({ geo, name, isCountry: country, inEu, values: own.map(cited), rank, revisions });
  }
  return {
    dataset: { code: ds.meta.dataset_code, name: ds.meta.dataset_name, freq: ds.freq },
    series: {
      label: seriesLabel(ds, series),
      unit: unitCodeOf(series),
      dimensions: Object.fromEntries(
        ds.meta.dimensions.filter((d) => series.dims[d.key] !== d.default).map((d) => [d.key, series.dims[d.key]!]),
      ),
    },
    places,
    sections,
    lag: t.changeLag,
    titlePattern: t.titlePattern,
    firstRelease: release?.first ?? false,
  };
}
