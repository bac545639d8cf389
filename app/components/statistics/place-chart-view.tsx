// A chart on the statistics pages and in posts: the read-only chart widget, painted on the server from its data.
import { ChartWidget } from '../../charts';
import { useUnpackedData } from '../site/use-unpacked-data';
import type { PlaceChart } from './place-data';
import { useChartTheme } from './use-chart-theme';

export function PlaceChartView({ chart, serverWidth }: { chart: PlaceChart; serverWidth?: number }) {
  const theme = useChartTheme();
  const initialData = useUnpackedData(chart.data);
  return (
    <ChartWidget
      datasetId={chart.source.datasetId}
      dimensions={chart.dimensions}
      countries={chart.countries}
      chartType={chart.chartType}
      title={chart.title}
      height={chart.height}
      timeStart={chart.timeStart}
      timeEnd={chart.timeEnd}
      initialData={initialData}
      serverWidth={serverWidth}
      theme={theme}
      readonly
    />
  );
}
