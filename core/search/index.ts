// Catalogue search: query parsing, places and synonyms (pure; the ranking runs in the database).
export { placeEntries, type PlaceEntry } from './places';
export {
  alternativesOf,
  editDistance,
  literalQuery,
  normaliseText,
  parseQuery,
  placeIndex,
  synonymWords,
  synonyms,
  termQueries,
  termQuery,
  words,
  germanParts,
  type ParsedQuery,
  type PlaceIndex,
  type QueryPlace,
} from './query';
export { closestWord, editsAllowed, type WordCandidate } from './correct';
