// Catalogue search: query parsing, places and synonyms (pure; the ranking runs in the database).
export { placeEntries, type PlaceEntry } from './places';
export {
  alternativesOf,
  frequencyAsked,
  literalQuery,
  parseQuery,
  placeIndex,
  placeNameQuery,
  synonymWords,
  synonyms,
  termQuery,
  type ParsedQuery,
  type PlaceIndex,
  type QueryPlace,
} from './query';
export { closestWord, type WordCandidate } from './correct';
export { britishSpelling, sameRoot, sameWordSpeltOtherwise } from './spelling';
