/**
 * Everyday names of cities the dataset spells otherwise: members type 'New York' (the dataset
 * has 'New York City') or the older 'Bangalore' ('Bengaluru'). Keys are match keys (see
 * location.ts `matchKey`), values the match key of the dataset's spelling. A short list on purpose:
 * only well-known cities whose common name finds nothing or something else entirely.
 */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['new york', 'new york city'],
  ['nyc', 'new york city'],
  ['bangalore', 'bengaluru'],
  ['bombay', 'mumbai'],
  ['madras', 'chennai'],
  ['calcutta', 'kolkata'],
  ['saigon', 'ho chi minh city'],
  ['peking', 'beijing'],
  ['kiev', 'kyiv'],
]);

/** The dataset's match key for an everyday name, or null when the name has no alias. */
export function cityAlias(key: string): string | null {
  return ALIASES.get(key) ?? null;
}

/** Aliases whose everyday name begins with the typed key (for suggestions while typing). */
export function aliasesStartingWith(key: string): string[] {
  if (key.length < 3) return [];
  return [...ALIASES].filter(([alias]) => alias.startsWith(key)).map(([, target]) => target);
}
