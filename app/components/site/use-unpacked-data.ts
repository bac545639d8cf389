// A chart's data as a page's loader sends it, packed in columns (decision 169), read back for the widget.
import { useMemo } from 'react';
import { unpackDatasetData, type PackedDatasetData } from '#core/packed-series';
import type { WidgetData } from '../../charts';

/**
 * The API's rows again, read back once per loader answer: the widget keeps its data by identity (its cache, a live
 * page's reload), so the same answer must give the same object on every render.
 */
export function useUnpackedData(packed: PackedDatasetData): WidgetData;
export function useUnpackedData(packed: PackedDatasetData | null): WidgetData | null;
export function useUnpackedData(packed: PackedDatasetData | null): WidgetData | null {
  return useMemo(() => (packed ? { data: unpackDatasetData(packed) } : null), [packed]);
}
