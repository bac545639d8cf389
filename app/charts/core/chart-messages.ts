// The specification's user-facing chart messages (section 8), in its own words.

export const NO_DATA_MESSAGE = 'No data found for this dataset';
export const NO_MATCHING_SERIES_MESSAGE = 'No matching data series found for the specified dimensions';
export const NO_HBAR_DATA_MESSAGE = 'No data available for horizontal bar chart';
export const NO_MAP_DATA_MESSAGE = 'No data available for map';
export const CHART_ERROR_TITLE = 'Error loading chart';

/** A view's state when there is nothing to draw. */
export interface ChartErrorState {
  status: 'error';
  title: string;
  message: string;
}

/** The widget was given neither a dataset id nor a data id to resolve one from. */
export const MISSING_DATASET_ID_MESSAGE = 'datasetId is required but not provided (either directly or via data-id)';

/** A failed API call, as the chart error panel writes it: 'API error 404 Not Found'. */
export function apiErrorMessage(status: number, statusText: string): string {
  return `API error ${status} ${statusText}`.trim();
}
