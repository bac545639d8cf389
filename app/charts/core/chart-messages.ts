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
