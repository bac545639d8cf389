// The live charts of the public pages: which dataset, geos and first period each shows.

export interface ChartPick {
  code: string;
  countries: string[];
  /** The widget slider's first period: the chart starts there, the data holds every period. */
  timeStart: string;
}

/** Home: euro-area and EU inflation and unemployment. */
export const homeCharts = {
  inflation: { code: 'prc_hicp_manr', countries: ['EA20', 'EU27_2020'], timeStart: '1/2019' },
  unemployment: { code: 'une_rt_m', countries: ['EA20', 'EU27_2020'], timeStart: '1/2019' },
} as const satisfies Record<string, ChartPick>;

/** Trend tracking: the largest euro-area economies and the euro area. */
export const trendChart: ChartPick = {
  code: 'prc_hicp_manr',
  countries: ['DE', 'FR', 'IT', 'ES', 'EA20'],
  timeStart: '1/2021',
};

/** The content-writer case study: the countries its article compares. */
export const caseChart: ChartPick = {
  code: 'prc_hicp_manr',
  countries: ['EE', 'DE', 'FR', 'EA20'],
  timeStart: '1/2021',
};

/** The Statistics API page's live example request. */
export const exampleQuery = { code: 'prc_hicp_manr', countries: ['DE', 'EA20'], from: '10/2022', to: '10/2022' };
