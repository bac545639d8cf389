// The regional map of a place: its sub-regions coloured by GDP per inhabitant, read-only with hover values.
import { useRef } from 'react';
import { HALF_LAYOUT_MAX_WIDTH, MAP_HEIGHT, MAP_HEIGHT_MD, MapChart } from '../../charts';
import { regionStatisticsPath } from '#core/geo/region-path';
import type { RegionalMap } from './place-data';
import { useChartTheme } from './use-chart-theme';
import { useElementWidth } from './use-element-width';

const SERVER_WIDTH = 760;

export function RegionMap({ map }: { map: RegionalMap }) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref, SERVER_WIDTH);
  const theme = useChartTheme();
  return (
    <figure>
      {/* Until the browser measures the column, the server-drawn map scales down to it instead of sticking out. */}
      <div
        ref={ref}
        className="w-full [&_svg]:h-auto [&_svg]:max-w-full [&>.map-chart]:h-auto! [&>.map-chart]:max-w-full!"
      >
        <MapChart
          rows={map.rows}
          countries={map.countries}
          outlines={map.outlines}
          outlineKind="nuts"
          unit={map.unit}
          title={map.title}
          width={width}
          height={width < HALF_LAYOUT_MAX_WIDTH ? MAP_HEIGHT : MAP_HEIGHT_MD}
          theme={theme}
          readonly
          regionHref={regionStatisticsPath}
        />
      </div>
      <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {map.title}. Source:{' '}
        <a href={map.source.sourceUrl} rel="noopener" className="underline">
          {map.source.sourceName} ({map.source.datasetCode})
        </a>
        .
      </figcaption>
    </figure>
  );
}
