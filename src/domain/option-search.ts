// The search of /list (a button message's options in a full screen): an option matches when its
// label holds every word typed, in any order, ignoring case and accents (so "cafe" finds "Café"),
// in the user's script as typed. The options keep the bot's order.

/**
 * Lower case without the Latin accents (the combining diacritics U+0300–U+036F after NFD), so the
 * comparison ignores case and accents. Not every combining mark: an Indian script's vowel signs
 * are marks too, and without them different words would match.
 */
function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase();
}

/** The options whose label contains every word of `query` (all of them for a blank query). */
export function searchOptions<T extends { body: string }>(options: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const label = fold(o.body);
    return words.every((w) => label.includes(w));
  });
}
