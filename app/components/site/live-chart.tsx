// A live chart of real data on a content page: the chart widget, seeded with the data the page's loader read.
import type { PackedDatasetData } from '#core/packed-series';
import { ChartWidget, type ChartType } from '../../charts';
import { useSignInModal } from '../auth/sign-in-modal';
import { useSiteRootData } from './root-data';
import { useUnpackedData } from './use-unpacked-data';

export interface LiveChartProps {
  /**
   * The full data response for the countries (every period), packed by the loader (decision 169): the widget's first
   * paint needs no request.
   */
  data: PackedDatasetData;
  /** Geo codes, in legend order. */
  countries: string[];
  title: string;
  /** The slider's first period, e.g. 1/2019. */
  timeStart?: string;
  chartType?: ChartType;
  height?: number;
  /** Drawing width on the server, before the container is measured. */
  serverWidth?: number;
  /** A newer period that only some places have, which this chart's places lack ('5/2025: 21 of 45 places'). */
  coverageNote?: { text: string; href: string } | null;
}

export function LiveChart(props: LiveChartProps) {
  const root = useSiteRootData();
  const signIn = useSignInModal();
  const initialData = useUnpackedData(props.data);
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <ChartWidget
        datasetId={props.data.dataset.dataset_code}
        countries={props.countries}
        chartType={props.chartType ?? 'line'}
        title={props.title}
        timeStart={props.timeStart}
        height={props.height}
        initialData={initialData}
        coverageNote={props.coverageNote ?? null}
        serverWidth={props.serverWidth ?? 1050}
        theme={root?.resolvedTheme ?? 'light'}
        onRequireSignIn={(id) => signIn.open({ fromChartId: id })}
      />
    </div>
  );
}
