// One indicator's panel on the workbench: the chart engine's line chart over the shared period axis (decision 110).
import type { PackedDatasetData } from '#core/packed-series';
import { parsePeriod } from '#core/periods';
import { CHART_HEIGHT, LineChart, useContainerWidth, useDocumentTheme, type Theme, type TimeAxis } from '../../charts';
import { useUnpackedData } from '../../components/site/use-unpacked-data';

export interface WorkbenchPanelProps {
  label: string;
  unit: string;
  frequency: string;
  /** Coarser than the axis: each value drawn in the middle of its period (decision 199). */
  coarser: boolean;
  /** The shared axis's first and last periods (M/YYYY on a monthly axis): every panel spans them. */
  axisFrom?: string;
  axisTo?: string;
  source: { name: string; url: string; code: string };
  /** The indicator's series, packed by the loader (decision 169). */
  data: PackedDatasetData;
  /** Geo codes in the chosen order: every panel gives a place the same colour. */
  places: string[];
  theme: Theme;
  children?: React.ReactNode;
}

/** The shared axis of the panels, from its first and last periods; absent without data. */
export function sharedAxis(from: string | undefined, to: string | undefined): TimeAxis | undefined {
  const first = from ? parsePeriod(from) : null;
  const last = to ? parsePeriod(to) : null;
  if (!first || !last || first.freq !== last.freq) return undefined;
  return { freq: first.freq, first: first.ordinal, last: last.ordinal };
}

export function WorkbenchPanel(props: WorkbenchPanelProps) {
  const [ref, width] = useContainerWidth<HTMLDivElement>(1000);
  const theme = useDocumentTheme(props.theme);
  const { data } = useUnpackedData(props.data);
  return (
    <section
      aria-label={props.label}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold">{props.label}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {props.unit} · {props.frequency}
            {props.coarser ? ' (each value drawn in the middle of its period)' : ''}
          </p>
        </div>
        {props.children}
      </div>
      <div ref={ref} className="mt-2">
        {/* Without values for these places and period, the chart says the specification's 'No data found for this dataset'. */}
        <LineChart
          data={data}
          countries={props.places}
          width={width}
          height={CHART_HEIGHT - 88}
          theme={theme}
          interactive
          timeAxis={sharedAxis(props.axisFrom, props.axisTo)}
          title={props.label}
        />
      </div>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        Source:{' '}
        <a href={props.source.url} className="underline" rel="noreferrer" target="_blank">
          {props.source.name}
        </a>{' '}
        ({props.source.code})
      </p>
    </section>
  );
}
