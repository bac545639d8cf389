// SDMX-JSON 1.0 data messages (decision 204), as the SDMX technical working group's data-message field guide gives
// them: `meta`, then `data.structure` (the dimensions at series and observation level, the attribute OBS_FLAG) and
// `data.dataSets`, whose series and observations are keyed by the indices of their values in the structure
// ("0:1:2" → {"3": [value, flag index]}). Values and flags are the ones every other format serves.
import { randomUUID } from 'node:crypto';
import { describeFlags } from '#core/flags';
import { formatSourcePeriod, frequencySchema } from '#core/periods';
import type { DatasetMeta } from '#core/schemas/dataset';
import { publishedValue } from './data-formats';
import {
  AGENCY,
  dataSetsOf,
  flowId,
  keyDimensions,
  seriesOf,
  VERSION,
  type DataMessageOptions,
  type DataRow,
} from './sdmx-ml';

export const SDMX_JSON_TYPE = 'application/vnd.sdmx.data+json; version=1.0.0; charset=utf-8';

const SCHEMA =
  'https://raw.githubusercontent.com/sdmx-twg/sdmx-json/master/data-message/tools/schemas/1.0/sdmx-json-data-schema.json';

interface ComponentValue {
  id: string;
  name?: string;
}

interface Component {
  id: string;
  name?: string;
  keyPosition?: number;
  roles?: string[];
  relationship?: { primaryMeasure: string };
  values: ComponentValue[];
}

type Observation = (number | null)[];

interface JsonDataSet {
  action: 'Replace' | 'Delete';
  validFrom?: string;
  series?: Record<string, { attributes: number[]; observations?: Record<string, Observation> }>;
  observations?: Record<string, Observation>;
}

/** The index of each id in a list of values, added as they are first met. */
class ValueIndex {
  readonly values: ComponentValue[] = [];
  private readonly at = new Map<string, number>();
  constructor(private readonly nameOf: (id: string) => string | undefined) {}
  of(id: string): number {
    let i = this.at.get(id);
    if (i === undefined) {
      i = this.values.length;
      this.at.set(id, i);
      const name = this.nameOf(id);
      this.values.push(name === undefined ? { id } : { id, name });
    }
    return i;
  }
}

/**
 * An SDMX-JSON 1.0 data message of the rows: series keyed by their dimensions' value indices (dimensionAtObservation
 * TIME_PERIOD) or flat observations keyed by every dimension's (AllDimensions); one dataSet per release and action
 * for a timeline (updatedAfter, includeHistory), with `action` and `validFrom`. Names (labels=name|both) are the
 * code lists' labels, as in the data structure.
 */
export function sdmxJsonData(
  meta: DatasetMeta,
  rows: readonly DataRow[],
  opts: DataMessageOptions & { names: boolean },
): string {
  const freq = frequencySchema.parse(meta.frequency);
  const named = <T extends { id: string }>(item: T, name: string | undefined): T & { name?: string } =>
    opts.names && name !== undefined ? { ...item, name } : item;
  const dims = keyDimensions(meta);
  const keyIndexes = dims.map((d) => {
    const labels = new Map(d.codes.map((c) => [c.id, c.label]));
    return new ValueIndex((id) => (opts.names ? labels.get(id) : undefined));
  });
  const periods = new ValueIndex(() => undefined);
  const flags = new ValueIndex((id) => (opts.names ? describeFlags(id) : undefined));
  const flat = opts.dimensionAtObservation === 'AllDimensions';
  const withValues = opts.detail === 'full' || opts.detail === 'dataonly';
  const withFlags = opts.detail === 'full';
  // Periods get their indices in time order (the field guide leaves it free; readers find it natural).
  const allPeriods = [...new Set(rows.map((r) => r.period))].sort((a, b) => a - b);
  for (const p of allPeriods) periods.of(formatSourcePeriod(freq, p));

  const dataSets: JsonDataSet[] = dataSetsOf(rows).map((part) => {
    const set: JsonDataSet = { action: part.action, ...(part.validFrom ? { validFrom: part.validFrom } : {}) };
    const observation = (r: DataRow): Observation => {
      if (part.action === 'Delete' || !withValues) return [];
      const value = r.value === null ? null : Number(publishedValue(r.value, r.decimals));
      return withFlags ? [value, r.flags ? flags.of(r.flags) : null] : [value];
    };
    for (const s of seriesOf(part.rows)) {
      const key = [freq, ...s.dims, s.geo].map((code, i) => keyIndexes[i]!.of(code));
      if (flat) {
        set.observations ??= {};
        for (const r of s.obs)
          set.observations[[...key, periods.of(formatSourcePeriod(freq, r.period))].join(':')] = observation(r);
      } else {
        const series: { attributes: number[]; observations?: Record<string, Observation> } = { attributes: [] };
        if (withValues || part.action === 'Delete') {
          series.observations = {};
          for (const r of s.obs)
            series.observations[String(periods.of(formatSourcePeriod(freq, r.period)))] = observation(r);
        }
        (set.series ??= {})[key.join(':')] = series;
      }
    }
    return set;
  });

  const keyComponents: Component[] = dims.map((d, i) => ({
    ...named({ id: d.id }, d.label),
    keyPosition: i,
    ...(d.id === 'freq' ? { roles: ['FREQ'] } : d.id === 'geo' ? { roles: ['REF_AREA'] } : {}),
    values: keyIndexes[i]!.values,
  }));
  const time: Component = {
    ...named({ id: 'TIME_PERIOD' }, 'Time'),
    keyPosition: dims.length,
    roles: ['TIME_PERIOD'],
    values: periods.values,
  };
  const flagComponent: Component = {
    ...named({ id: 'OBS_FLAG' }, 'Observation status (flag)'),
    relationship: { primaryMeasure: 'OBS_VALUE' },
    values: flags.values,
  };
  const id = flowId(meta.dataset_code);
  const message = {
    meta: {
      schema: SCHEMA,
      id: randomUUID().replace(/-/g, '').toUpperCase(),
      test: false,
      prepared: (opts.prepared ?? new Date()).toISOString(),
      contentLanguages: ['en'],
      sender: { id: AGENCY },
    },
    data: {
      structure: {
        links: [
          { rel: 'dataflow', urn: `urn:sdmx:org.sdmx.infomodel.datastructure.Dataflow=${AGENCY}:${id}(${VERSION})` },
          {
            rel: 'datastructure',
            urn: `urn:sdmx:org.sdmx.infomodel.datastructure.DataStructure=${AGENCY}:${id}(${VERSION})`,
          },
        ],
        ...named({ id }, meta.dataset_name),
        dimensions: {
          dataSet: [],
          series: flat ? [] : keyComponents,
          observation: flat ? [...keyComponents, time] : [time],
        },
        attributes: { dataSet: [], series: [], observation: withFlags ? [flagComponent] : [] },
      },
      dataSets,
    },
  };
  return JSON.stringify(message);
}
