// The regional map of a place: its sub-regions coloured by GDP per inhabitant, read-only with hover values.
import type { CSSProperties } from 'react';
import { HALF_LAYOUT_MAX_WIDTH, MAP_HEIGHT, MAP_HEIGHT_MD, MapChart, useContainerWidth } from '../../charts';
import { regionStatisticsPath } from '#core/geo/region-path';
import type { RegionalMap } from './place-data';
import { useChartTheme } from './use-chart-theme';

const SERVER_WIDTH = 760;
const heightFor = (width: number) => (width < HALF_LAYOUT_MAX_WIDTH ? MAP_HEIGHT : MAP_HEIGHT_MD);
/**
 * The server-drawn map until measured: the column's width, at the height heightFor gives there. The container query's
 * 500 px is HALF_LAYOUT_MAX_WIDTH written out, as Tailwind reads class names from the source (region-map.test.ts).
 */
export const UNMEASURED_MAP_CLASS =
  'w-full [&_svg]:h-(--narrow) [&_svg]:w-full @[500px]:[&_svg]:h-(--wide) [&>.map-chart]:h-auto! [&>.map-chart]:w-full!';

export function RegionMap({ map }: { map: RegionalMap }) {
  const [ref, width, measured] = useContainerWidth<HTMLDivElement>(SERVER_WIDTH);
  const theme = useChartTheme();
  return (
    <figure className="@container">
      {/* Until the browser measures the column, the server-drawn map spans it at the height the measured map will have
          there (a container query), scaled to fit and centred: it never sticks out, and nothing under it moves as the
          page comes alive, so a click in the first moments lands where it aimed (issue 40). */}
      <div
        ref={ref}
        className={measured ? 'w-full' : UNMEASURED_MAP_CLASS}
        style={
          measured ? undefined : ({ '--narrow': `${MAP_HEIGHT}px`, '--wide': `${MAP_HEIGHT_MD}px` } as CSSProperties)
        }
      >
        <MapChart
          rows={map.rows}
          countries={map.countries}
          outlines={map.outlines}
          outlineKind="nuts"
          unit={map.unit}
          title={map.title}
          width={width}
          height={heightFor(width)}
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
