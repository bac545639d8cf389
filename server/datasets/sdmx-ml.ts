// SDMX-ML 2.1 messages as Eurostat's SDMX API writes them (decision 203): structure messages (dataflows, data
// structures with their code lists and concepts, content constraints), data messages (structure-specific, Eurostat's
// default, and generic) and error messages. Codes, labels, values and flags are the ones every other format serves.
import { randomUUID } from 'node:crypto';
import { FREQUENCY_LABEL, formatSourcePeriod, frequencySchema, parsePeriod } from '#core/periods';
import { flagMeanings } from '#core/flags';
import type { DatasetMeta } from '#core/schemas/dataset';
import type { ObservationRow } from '#db/queries/observations';
import type { TimelineRow } from '#db/queries/timeline';
import { publishedValue } from './data-formats';

export const AGENCY = 'ESTAT';
export const VERSION = '1.0';

const NS = {
  message: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message',
  structure: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/structure',
  common: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/common',
  generic: 'http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/generic',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
};

export const SDMX_ML_TYPES = {
  structure: 'application/vnd.sdmx.structure+xml; version=2.1; charset=utf-8',
  structureSpecific: 'application/vnd.sdmx.structurespecificdata+xml; version=2.1; charset=utf-8',
  generic: 'application/vnd.sdmx.genericdata+xml; version=2.1; charset=utf-8',
  error: 'application/xml; charset=utf-8',
} as const;

/** Text and attribute values: the five XML entities, and no character XML 1.0 cannot carry. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const attrs = (pairs: Record<string, string | undefined>) =>
  Object.entries(pairs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlText(v!)}"`)
    .join('');

const name = (text: string) => `<c:Name xml:lang="en">${xmlText(text)}</c:Name>`;

/** A flow's id as Eurostat writes it: the dataset code in upper case. */
export const flowId = (code: string) => code.toUpperCase();

/** The identifiers of one dataset's structures. */
function idsOf(meta: Pick<DatasetMeta, 'dataset_code'>) {
  const id = flowId(meta.dataset_code);
  return { id, structureId: `${AGENCY}_${id}_${VERSION.replace('.', '_')}` };
}

/** The dimensions of a dataset in Eurostat's key order: freq, the dataset's own, geo. */
export function keyDimensions(
  meta: DatasetMeta,
): { id: string; label: string; codes: { id: string; label: string }[] }[] {
  const freq = frequencySchema.parse(meta.frequency);
  return [
    { id: 'freq', label: 'Time frequency', codes: [{ id: freq, label: FREQUENCY_LABEL[freq] }] },
    ...meta.dimensions.map((d) => ({
      id: d.code,
      label: d.label,
      codes: d.values.map((v) => ({ id: v.code, label: v.label })),
    })),
    {
      id: 'geo',
      label: 'Geopolitical entity (reporting)',
      codes: meta.available_countries.map((c) => ({ id: c.code, label: c.name })),
    },
  ];
}

/** A code list's id: the dimension's, upper case (FREQ, UNIT, GEO), as in Eurostat's SDMX API. */
export const codelistId = (dimension: string) => dimension.toUpperCase();

function header(prepared: Date, extra = ''): string {
  return (
    `<m:Header><m:ID>${randomUUID().replace(/-/g, '').toUpperCase()}</m:ID><m:Test>false</m:Test>` +
    `<m:Prepared>${prepared.toISOString()}</m:Prepared><m:Sender id="${AGENCY}"/>${extra}</m:Header>`
  );
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export interface Flow {
  code: string;
  name: string;
}

export function dataflowXml(flow: Flow): string {
  const id = flowId(flow.code);
  return (
    `<s:Dataflow${attrs({ id, urn: `urn:sdmx:org.sdmx.infomodel.datastructure.Dataflow=${AGENCY}:${id}(${VERSION})`, agencyID: AGENCY, version: VERSION, isFinal: 'true' })}>` +
    `${name(flow.name)}<s:Structure><Ref${attrs({ id, version: VERSION, agencyID: AGENCY, package: 'datastructure', class: 'DataStructure' })}/></s:Structure></s:Dataflow>`
  );
}

export interface Codelist {
  id: string;
  label: string;
  codes: { id: string; label: string }[];
}

export function codelistXml(list: Codelist): string {
  const codes = list.codes.map((c) => `<s:Code${attrs({ id: c.id })}>${name(c.label)}</s:Code>`).join('');
  return (
    `<s:Codelist${attrs({ id: list.id, urn: `urn:sdmx:org.sdmx.infomodel.codelist.Codelist=${AGENCY}:${list.id}(${VERSION})`, agencyID: AGENCY, version: VERSION, isFinal: 'true' })}>` +
    `${name(list.label)}${codes}</s:Codelist>`
  );
}

/** The observation flags as a code list (OBS_FLAG). */
export function flagCodelist(): Codelist {
  return {
    id: 'OBS_FLAG',
    label: 'Observation status (flag)',
    codes: Object.entries(flagMeanings).map(([id, label]) => ({ id, label })),
  };
}

/** The code lists of a dataset's structure: one per key dimension (the codes it holds), and the flags. */
export function codelistsOf(meta: DatasetMeta): Codelist[] {
  return [
    ...keyDimensions(meta).map((d) => ({ id: codelistId(d.id), label: d.label, codes: d.codes })),
    flagCodelist(),
  ];
}

const conceptRef = (schemeId: string, id: string) =>
  `<s:ConceptIdentity><Ref${attrs({ id, maintainableParentID: schemeId, maintainableParentVersion: VERSION, agencyID: AGENCY, package: 'conceptscheme', class: 'Concept' })}/></s:ConceptIdentity>`;
const enumeration = (id: string) =>
  `<s:LocalRepresentation><s:Enumeration><Ref${attrs({ id, version: VERSION, agencyID: AGENCY, package: 'codelist', class: 'Codelist' })}/></s:Enumeration></s:LocalRepresentation>`;

export function conceptSchemeXml(meta: DatasetMeta): string {
  const { id } = idsOf(meta);
  const concepts = [
    ...keyDimensions(meta).map((d) => ({ id: d.id, label: d.label })),
    { id: 'TIME_PERIOD', label: 'Time' },
    { id: 'OBS_VALUE', label: 'Observation value' },
    { id: 'OBS_FLAG', label: 'Observation status (flag)' },
  ];
  return (
    `<s:ConceptScheme${attrs({ id, urn: `urn:sdmx:org.sdmx.infomodel.conceptscheme.ConceptScheme=${AGENCY}:${id}(${VERSION})`, agencyID: AGENCY, version: VERSION, isFinal: 'true' })}>` +
    `${name(meta.dataset_name)}${concepts.map((c) => `<s:Concept${attrs({ id: c.id })}>${name(c.label)}</s:Concept>`).join('')}</s:ConceptScheme>`
  );
}

export function dataStructureXml(meta: DatasetMeta): string {
  const { id } = idsOf(meta);
  const dims = keyDimensions(meta);
  const dimensions = dims
    .map(
      (d, i) =>
        `<s:Dimension${attrs({ id: d.id, position: String(i + 1) })}>${conceptRef(id, d.id)}${enumeration(codelistId(d.id))}</s:Dimension>`,
    )
    .join('');
  const time =
    `<s:TimeDimension${attrs({ id: 'TIME_PERIOD', position: String(dims.length + 1) })}>${conceptRef(id, 'TIME_PERIOD')}` +
    `<s:LocalRepresentation><s:TextFormat textType="ObservationalTimePeriod"/></s:LocalRepresentation></s:TimeDimension>`;
  return (
    `<s:DataStructure${attrs({ id, urn: `urn:sdmx:org.sdmx.infomodel.datastructure.DataStructure=${AGENCY}:${id}(${VERSION})`, agencyID: AGENCY, version: VERSION, isFinal: 'true' })}>` +
    `${name(meta.dataset_name)}<s:DataStructureComponents>` +
    `<s:DimensionList id="DimensionDescriptor">${dimensions}${time}</s:DimensionList>` +
    `<s:AttributeList id="AttributeDescriptor"><s:Attribute id="OBS_FLAG" assignmentStatus="Conditional">` +
    `${conceptRef(id, 'OBS_FLAG')}${enumeration('OBS_FLAG')}` +
    `<s:AttributeRelationship><s:PrimaryMeasure><Ref id="OBS_VALUE"/></s:PrimaryMeasure></s:AttributeRelationship></s:Attribute></s:AttributeList>` +
    `<s:MeasureList id="MeasureDescriptor"><s:PrimaryMeasure id="OBS_VALUE">${conceptRef(id, 'OBS_VALUE')}` +
    `<s:LocalRepresentation><s:TextFormat textType="Double"/></s:LocalRepresentation></s:PrimaryMeasure></s:MeasureList>` +
    `</s:DataStructureComponents></s:DataStructure>`
  );
}

/**
 * What a dataset holds, as a constraint (`Actual`): the codes of each key dimension with data and the period range.
 * `type` Allowed for contentconstraint, as Eurostat names the dataset's own.
 */
export function constraintXml(meta: DatasetMeta, type: 'Actual' | 'Allowed' = 'Actual'): string {
  const { id } = idsOf(meta);
  const keyValues = keyDimensions(meta)
    .map(
      (d) =>
        `<c:KeyValue${attrs({ id: d.id })}>${d.codes.map((c) => `<c:Value>${xmlText(c.id)}</c:Value>`).join('')}</c:KeyValue>`,
    )
    .join('');
  const period = (p: string | null) => (p ? xmlText(sourcePeriodOf(p)) : '');
  const time =
    meta.oldest_period && meta.latest_period
      ? `<c:KeyValue id="TIME_PERIOD"><c:TimeRange><c:StartPeriod isInclusive="true">${period(meta.oldest_period)}</c:StartPeriod>` +
        `<c:EndPeriod isInclusive="true">${period(meta.latest_period)}</c:EndPeriod></c:TimeRange></c:KeyValue>`
      : '';
  return (
    `<s:ContentConstraint${attrs({ id: `CC_${id}`, urn: `urn:sdmx:org.sdmx.infomodel.registry.ContentConstraint=${AGENCY}:CC_${id}(${VERSION})`, agencyID: AGENCY, version: VERSION, isFinal: 'true', type })}>` +
    `${name(`Data available in ${meta.dataset_name}`)}<s:ConstraintAttachment><s:Dataflow><Ref${attrs({ id, version: VERSION, agencyID: AGENCY, package: 'datastructure', class: 'Dataflow' })}/></s:Dataflow></s:ConstraintAttachment>` +
    `<s:CubeRegion include="true">${keyValues}${time}</s:CubeRegion></s:ContentConstraint>`
  );
}

/** A period as the API writes it (`1/2024`, `2024`) in SDMX's notation (`2024-01`). */
function sourcePeriodOf(display: string): string {
  const p = parsePeriod(display);
  return p ? formatSourcePeriod(p.freq, p.ordinal) : display;
}

export interface StructureParts {
  dataflows?: string[];
  codelists?: string[];
  concepts?: string[];
  dataStructures?: string[];
  constraints?: string[];
}

/** A structure message; its parts in the order SDMX 2.1's schema gives them. */
export function structureMessage(parts: StructureParts, prepared = new Date()): string {
  const wrap = (tag: string, items: string[] | undefined) =>
    items?.length ? `<s:${tag}>${items.join('')}</s:${tag}>` : '';
  return (
    XML_DECLARATION +
    `<m:Structure xmlns:m="${NS.message}" xmlns:s="${NS.structure}" xmlns:c="${NS.common}">${header(prepared)}<m:Structures>` +
    wrap('Dataflows', parts.dataflows) +
    wrap('Codelists', parts.codelists) +
    wrap('Concepts', parts.concepts) +
    wrap('DataStructures', parts.dataStructures) +
    wrap('Constraints', parts.constraints) +
    `</m:Structures></m:Structure>\n`
  );
}

/** What a data message carries, as SDMX's `detail` parameter asks. */
export type Detail = 'full' | 'dataonly' | 'serieskeysonly' | 'nodata';

export interface DataMessageOptions {
  detail: Detail;
  /** TIME_PERIOD (series of observations) or AllDimensions (flat observations). */
  dimensionAtObservation: 'TIME_PERIOD' | 'AllDimensions';
  prepared?: Date;
}

/** A row of a data message: an observation, or one as a release set it (updatedAfter, includeHistory). */
export type DataRow = ObservationRow & Partial<Pick<TimelineRow, 'action' | 'validFrom'>>;

/** One DataSet of a message: the values a release set (Replace) or the keys it removed (Delete), decision 204. */
export interface DataSetPart {
  action: 'Replace' | 'Delete';
  /** When that release finished here (includeHistory's vintages); none for the values standing now. */
  validFrom?: string;
  rows: DataRow[];
}

/** The rows as DataSets: one Replace set for plain rows; per release and action, oldest first, for a timeline. */
export function dataSetsOf(rows: readonly DataRow[]): DataSetPart[] {
  const parts = new Map<string, DataSetPart>();
  for (const r of rows) {
    const action = r.action ?? 'Replace';
    const key = `${r.validFrom ?? ''}\u0000${action}`;
    const part = parts.get(key);
    if (part) part.rows.push(r);
    else parts.set(key, { action, validFrom: r.validFrom ?? undefined, rows: [r] });
  }
  const order = (p: DataSetPart) => `${p.validFrom ?? ''}\u0000${p.action === 'Replace' ? 0 : 1}`;
  return [...parts.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/**
 * The observations of each series (key order), periods ascending (a timeline's vintages of one period in release
 * order), empty observations left out unless they are removals (Delete).
 */
export function seriesOf<R extends DataRow>(rows: readonly R[]): { dims: string[]; geo: string; obs: R[] }[] {
  const bySeries = new Map<string, { dims: string[]; geo: string; obs: R[] }>();
  for (const r of rows) {
    if (r.value === null && !r.flags && r.action !== 'Delete') continue;
    const key = [...r.dims, r.geo].join('\u0000');
    const series = bySeries.get(key);
    if (series) series.obs.push(r);
    else bySeries.set(key, { dims: r.dims, geo: r.geo, obs: [r] });
  }
  return [...bySeries.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, s]) => ({ ...s, obs: s.obs.sort((a, b) => a.period - b.period) }));
}

/** A DataSet element's action and validity (SDMX-ML 2.1 DataSetType's `action` and `validFromDate`). */
const dataSetAttrs = (part: DataSetPart) => attrs({ action: part.action, validFromDate: part.validFrom });

function dataHeader(
  meta: DatasetMeta,
  opts: DataMessageOptions,
  specific: boolean,
): { head: string; namespace: string } {
  const { id, structureId } = idsOf(meta);
  const level = opts.dimensionAtObservation === 'AllDimensions' ? 'AllDimensions' : 'TIME_PERIOD';
  const namespace = `urn:sdmx:org.sdmx.infomodel.datastructure.DataStructure=${AGENCY}:${id}(${VERSION}):ObsLevelDim:${level}`;
  const usage = specific ? 'StructureUsage' : 'Structure';
  const ref = specific
    ? `<Ref${attrs({ agencyID: AGENCY, id, version: VERSION, class: 'Dataflow' })}/>`
    : `<Ref${attrs({ agencyID: AGENCY, id, version: VERSION })}/>`;
  const structure =
    `<m:Structure${attrs({ structureID: structureId, namespace: specific ? namespace : undefined, dimensionAtObservation: level })}>` +
    `<c:${usage}>${ref}</c:${usage}></m:Structure>`;
  return { head: header(opts.prepared ?? new Date(), structure), namespace };
}

/** SDMX-ML 2.1 structure-specific data, Eurostat's default: `<Series freq="M" … geo="DE"><Obs TIME_PERIOD=…/>`. */
export function structureSpecificData(meta: DatasetMeta, rows: readonly DataRow[], opts: DataMessageOptions): string {
  const { structureId } = idsOf(meta);
  const { head, namespace } = dataHeader(meta, opts, true);
  const freq = frequencySchema.parse(meta.frequency);
  const names = keyDimensions(meta).map((d) => d.id);
  const keyAttrs = (s: { dims: string[]; geo: string }) => {
    const values = [freq, ...s.dims, s.geo];
    return names.map((n, i) => ` ${n}="${xmlText(values[i]!)}"`).join('');
  };
  const obsAttrs = (r: ObservationRow) =>
    ` TIME_PERIOD="${formatSourcePeriod(freq, r.period)}"` +
    (opts.detail === 'serieskeysonly' || opts.detail === 'nodata' || r.value === null
      ? ''
      : ` OBS_VALUE="${publishedValue(r.value, r.decimals)}"`) +
    (opts.detail === 'full' && r.flags ? ` OBS_FLAG="${xmlText(r.flags)}"` : '');
  const dataSets = dataSetsOf(rows).map((part) => {
    const parts: string[] = [];
    const valued = part.action === 'Replace';
    for (const s of seriesOf(part.rows)) {
      const obs = (r: DataRow) => (valued ? obsAttrs(r) : ` TIME_PERIOD="${formatSourcePeriod(freq, r.period)}"`);
      if (opts.dimensionAtObservation === 'AllDimensions') {
        for (const r of s.obs) parts.push(`<Obs${keyAttrs(s)}${obs(r)}/>`);
      } else if (opts.detail === 'serieskeysonly' || opts.detail === 'nodata') {
        parts.push(`<Series${keyAttrs(s)}/>`);
      } else {
        parts.push(`<Series${keyAttrs(s)}>${s.obs.map((r) => `<Obs${obs(r)}/>`).join('')}</Series>`);
      }
    }
    return (
      `<m:DataSet ss:structureRef="${structureId}" xsi:type="ns1:DataSetType" ss:dataScope="DataStructure"${dataSetAttrs(part)}>` +
      `${parts.join('')}</m:DataSet>`
    );
  });
  return (
    XML_DECLARATION +
    `<m:StructureSpecificData xmlns:m="${NS.message}" xmlns:c="${NS.common}" xmlns:ns1="${xmlText(namespace)}" xmlns:xsi="${NS.xsi}" xmlns:ss="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/structurespecific">` +
    head +
    dataSets.join('') +
    `</m:StructureSpecificData>\n`
  );
}

/** SDMX-ML 2.1 generic data: series keys and observations as id/value pairs. */
export function genericData(meta: DatasetMeta, rows: readonly DataRow[], opts: DataMessageOptions): string {
  const { structureId } = idsOf(meta);
  const { head } = dataHeader(meta, opts, false);
  const freq = frequencySchema.parse(meta.frequency);
  const names = keyDimensions(meta).map((d) => d.id);
  const values = (s: { dims: string[]; geo: string }) => [freq, ...s.dims, s.geo];
  const pairs = (s: { dims: string[]; geo: string }) =>
    names.map((n, i) => `<g:Value id="${xmlText(n)}" value="${xmlText(values(s)[i]!)}"/>`).join('');
  const withValues = opts.detail === 'full' || opts.detail === 'dataonly';
  const obsBody = (r: ObservationRow) =>
    (withValues && r.value !== null ? `<g:ObsValue value="${publishedValue(r.value, r.decimals)}"/>` : '') +
    (opts.detail === 'full' && r.flags
      ? `<g:Attributes><g:Value id="OBS_FLAG" value="${xmlText(r.flags)}"/></g:Attributes>`
      : '');
  const dataSets = dataSetsOf(rows).map((part) => {
    const parts: string[] = [];
    const body = (r: DataRow) => (part.action === 'Replace' ? obsBody(r) : '');
    for (const s of seriesOf(part.rows)) {
      if (opts.dimensionAtObservation === 'AllDimensions') {
        for (const r of s.obs)
          parts.push(
            `<g:Obs><g:ObsKey>${pairs(s)}<g:Value id="TIME_PERIOD" value="${formatSourcePeriod(freq, r.period)}"/></g:ObsKey>${body(r)}</g:Obs>`,
          );
      } else if (!withValues) {
        parts.push(`<g:Series><g:SeriesKey>${pairs(s)}</g:SeriesKey></g:Series>`);
      } else {
        const obs = s.obs
          .map((r) => `<g:Obs><g:ObsDimension value="${formatSourcePeriod(freq, r.period)}"/>${body(r)}</g:Obs>`)
          .join('');
        parts.push(`<g:Series><g:SeriesKey>${pairs(s)}</g:SeriesKey>${obs}</g:Series>`);
      }
    }
    return `<m:DataSet structureRef="${structureId}"${dataSetAttrs(part)}>${parts.join('')}</m:DataSet>`;
  });
  return (
    XML_DECLARATION +
    `<m:GenericData xmlns:m="${NS.message}" xmlns:c="${NS.common}" xmlns:g="${NS.generic}">` +
    head +
    `${dataSets.join('')}</m:GenericData>\n`
  );
}

/** SDMX's error codes for the statuses this API answers (SDMX 2.1 standards, section 7, web services guidelines). */
const SDMX_ERROR_CODE: Record<number, number> = {
  400: 140,
  401: 110,
  403: 150,
  404: 100,
  413: 130,
  429: 130,
  500: 500,
  503: 503,
};

/** An SDMX-ML error message for a status and the API's own words. */
export function errorMessage(status: number, text: string): string {
  const code = SDMX_ERROR_CODE[status] ?? 500;
  return (
    XML_DECLARATION +
    `<m:Error xmlns:m="${NS.message}" xmlns:c="${NS.common}"><m:ErrorMessage code="${code}"><c:Text xml:lang="en">${xmlText(text)}</c:Text></m:ErrorMessage></m:Error>\n`
  );
}
