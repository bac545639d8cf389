// Names a query may use for a place: English, the places' own languages, and the aggregates' short forms.
import { aggregates, countries } from '../geo';

/**
 * Countries' names in their own languages (and common English alternatives), by Eurostat code. Accents and case do
 * not matter: queries and names are compared normalised (normaliseText).
 */
export const countryNames: Readonly<Record<string, readonly string[]>> = {
  AL: ['Shqipëria', 'Shqipëri'],
  AT: ['Österreich'],
  BA: ['Bosna i Hercegovina', 'Bosnia'],
  BE: ['België', 'Belgique', 'Belgien'],
  BG: ['България', 'Bulgaria', 'Balgariya'],
  CH: ['Schweiz', 'Suisse', 'Svizzera', 'Svizra'],
  CY: ['Κύπρος', 'Kypros', 'Kıbrıs'],
  CZ: ['Česko', 'Česká republika', 'Czech Republic'],
  DE: ['Deutschland'],
  DK: ['Danmark'],
  EE: ['Eesti'],
  EL: ['Ελλάδα', 'Ellada', 'Hellas', 'Greece'],
  ES: ['España'],
  FI: ['Suomi'],
  FR: ['France'],
  HR: ['Hrvatska'],
  HU: ['Magyarország'],
  IE: ['Éire'],
  IS: ['Ísland'],
  IT: ['Italia'],
  LI: ['Liechtenstein'],
  LT: ['Lietuva'],
  LU: ['Lëtzebuerg', 'Luxemburg'],
  LV: ['Latvija'],
  ME: ['Crna Gora', 'Црна Гора'],
  MK: ['Северна Македонија', 'Macedonia'],
  MT: ['Malta'],
  NL: ['Nederland', 'Holland'],
  NO: ['Norge', 'Noreg'],
  PL: ['Polska'],
  PT: ['Portugal'],
  RO: ['România'],
  RS: ['Србија', 'Srbija'],
  SE: ['Sverige'],
  SI: ['Slovenija'],
  SK: ['Slovensko'],
  TR: ['Turkey', 'Türkiye'],
  UK: ['Britain', 'Great Britain', 'UK'],
  US: ['USA', 'United States of America', 'America'],
  XK: ['Kosovo', 'Kosova'],
};

/** English names of large regions whose NUTS names are in their own language (the geos table has those). */
export const regionNames: Readonly<Record<string, readonly string[]>> = {
  DE2: ['Bavaria'],
  DE7: ['Hesse'],
  DE9: ['Lower Saxony'],
  DEA: ['North Rhine-Westphalia'],
  DED: ['Saxony'],
  DEB: ['Rhineland-Palatinate'],
  DE1: ['Baden-Wurttemberg'],
  ES51: ['Catalonia'],
  ES61: ['Andalusia'],
  ES30: ['Madrid'],
  ITC4: ['Lombardy'],
  ITI1: ['Tuscany'],
  ITI4: ['Lazio'],
  ITF3: ['Campania'],
  BE1: ['Brussels'],
  AT13: ['Vienna'],
  CZ01: ['Prague'],
  PL91: ['Warsaw'],
  EL43: ['Crete'],
  EL30: ['Attica', 'Athens'],
  ITG1: ['Sicily'],
  ITG2: ['Sardinia'],
  ITC1: ['Piedmont'],
  ITF4: ['Apulia'],
  FRH0: ['Brittany'],
  FRM0: ['Corsica'],
  FRC1: ['Burgundy'],
  FRD: ['Normandy'],
  DE21: ['Upper Bavaria'],
  DEG0: ['Thuringia'],
  DEE: ['Saxony-Anhalt'],
  DE80: ['Mecklenburg-Western Pomerania'],
  AT12: ['Lower Austria'],
  AT31: ['Upper Austria'],
  AT22: ['Styria'],
  AT21: ['Carinthia'],
  AT33: ['Tyrol'],
  BE2: ['Flanders'],
  BE3: ['Wallonia'],
  ES52: ['Valencia', 'Valencian Community'],
  ES21: ['Basque Country'],
  ES70: ['Canary Islands', 'Canaries'],
  ES53: ['Balearic Islands', 'Balearics'],
  ES22: ['Navarre'],
  ES41: ['Castile and Leon'],
  ES42: ['Castile-La Mancha'],
  PL22: ['Silesia'],
  PL21: ['Lesser Poland'],
  PL63: ['Pomerania'],
  PT17: ['Lisbon'],
  PT20: ['Azores'],
  PT30: ['Madeira'],
  RO32: ['Bucharest'],
  DK01: ['Copenhagen'],
  HR05: ['Zagreb'],
};

/** Aggregates by what people call them; the codes in the order a view prefers them (the current composition first). */
export const aggregateNames: readonly { names: readonly string[]; codes: readonly string[] }[] = [
  { names: ['EU', 'European Union', 'EU27', 'EU-27', 'Europe'], codes: ['EU27_2020', 'EU28', 'EU'] },
  { names: ['Euro area', 'Eurozone', 'Euro zone', 'EA', 'EA20'], codes: ['EA20', 'EA19', 'EA'] },
  { names: ['EEA', 'European Economic Area'], codes: ['EEA'] },
];

/** A place a query can name: its names and the geo codes that stand for it, preferred first. */
export interface PlaceEntry {
  names: string[];
  codes: string[];
  /** Countries and aggregates are matched with one typo allowed; regions only exactly. */
  fuzzy: boolean;
}

/** Every place a query can name: built-in countries and aggregates, and the geos the database knows (NUTS regions). */
export function placeEntries(dbGeos: readonly { code: string; name: string; level: number }[]): PlaceEntry[] {
  const entries: PlaceEntry[] = [];
  for (const c of countries) {
    entries.push({ names: [c.name.replace(/\*$/, ''), ...(countryNames[c.code] ?? [])], codes: [c.code], fuzzy: true });
  }
  const aggregateCodes = new Set(aggregates.map((a) => a.code));
  for (const a of aggregateNames) entries.push({ names: [...a.names], codes: [...a.codes], fuzzy: false });
  const countryCodes = new Set(countries.map((c) => c.code));
  // Shallow levels first: Berlin is DE3 (the Land), not its NUTS 2 and 3 namesakes.
  const regions = dbGeos
    .filter((g) => !countryCodes.has(g.code) && !aggregateCodes.has(g.code) && g.level > 0)
    .sort((a, b) => a.level - b.level || a.code.localeCompare(b.code));
  for (const g of regions) {
    entries.push({ names: [g.name, ...(regionNames[g.code] ?? [])], codes: [g.code], fuzzy: false });
  }
  return entries;
}
