// English labels of common Eurostat unit codes (code list UNIT), for data imported without its code lists (a TSV
// read offline stores the codes as their own labels): a chart never says "EUR_HAB" where it means euro per inhabitant.
export const EUROSTAT_UNIT_LABELS: Readonly<Record<string, string>> = {
  CP_MEUR: 'Current prices, million euro',
  EUR_HAB: 'Euro per inhabitant',
  EUR_HAB_EU27_2020: 'Euro per inhabitant in percentage of the EU27 (from 2020) average',
  MIO_EUR: 'Million euro',
  MIO_NAC: 'Million units of national currency',
  MIO_PPS_EU27_2020: 'Million purchasing power standards (PPS, EU27 from 2020)',
  PPS_EU27_2020_HAB: 'Purchasing power standard (PPS, EU27 from 2020), per inhabitant',
  PPS_HAB_EU27_2020:
    'Purchasing power standard (PPS, EU27 from 2020), per inhabitant in percentage of the EU27 (from 2020) average',
  PC_ACT: 'Percentage of population in the labour force',
  THS_PER: 'Thousand persons',
  RCH_A: 'Annual rate of change',
  RCH_A_AVG: 'Annual average rate of change',
  RCH_M: 'Monthly rate of change',
  PC: 'Percentage',
  PC_GDP: 'Percentage of gross domestic product (GDP)',
};

/** The label of a unit code: the stored one, unless it is only the code again and a known label exists. */
export function unitLabel(code: string, stored: string | undefined): string {
  if (stored && stored !== code) return stored;
  return EUROSTAT_UNIT_LABELS[code] ?? stored ?? code;
}
