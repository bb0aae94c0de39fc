// Pure rules of discovery and search (spec part 1 §2, §3, §5, §9): the "New" badge, the two
// search lists, the recent searches list, the category filter and the local search used offline.
import { MAX_RECENT_SEARCHES, NEW_BOT_MAX_AGE_MS } from './constants';

/** New while launched under 15 days ago (a launch time in the future counts as new too). */
export function isNewBot(launchTime: number, now: number): boolean {
  return now - launchTime < NEW_BOT_MAX_AGE_MS;
}

/** Mini apps search never lists (spec part 1 §5), compared by name without case. */
export const SEARCH_EXCLUDED_MINI_APPS: readonly string[] = ['Competition Zone', 'Live Quiz'];

interface Typed { type: string; name: string }

/**
 * Splits search hits into the two lists of spec part 1 §5: bots are only the items of type bot;
 * mini apps are the items of type mini-app except Competition Zone and Live Quiz. Those two are
 * still found (Discover shows them): they are the quizzes and competitions, a list of
 * their own. Anything of another type is in none.
 */
export function searchLists<T extends Typed>(items: readonly T[]): { bots: T[]; miniApps: T[]; contests: T[] } {
  const excluded = new Set(SEARCH_EXCLUDED_MINI_APPS.map((n) => n.toLocaleLowerCase('en')));
  const isContest = (i: T) => i.type === 'mini-app' && excluded.has(i.name.trim().toLocaleLowerCase('en'));
  return {
    bots: items.filter((i) => i.type === 'bot'),
    miniApps: items.filter((i) => i.type === 'mini-app' && !isContest(i)),
    contests: items.filter(isContest),
  };
}

/** The keyword as it is searched and remembered: trimmed, inner spaces collapsed. */
export function normaliseKeyword(keyword: string): string {
  return keyword.replace(/\s+/g, ' ').trim();
}

/**
 * The recent searches after searching `keyword`: it moves to the front (the same words in
 * another case count as the same search), and the list keeps at most MAX_RECENT_SEARCHES.
 */
export function pushRecentSearch(list: readonly string[], keyword: string, max = MAX_RECENT_SEARCHES): string[] {
  const k = normaliseKeyword(keyword);
  if (k === '') return list.slice(0, max);
  const key = k.toLocaleLowerCase();
  return [k, ...list.filter((s) => s.toLocaleLowerCase() !== key)].slice(0, max);
}

/** The category chips' value meaning no filter; the chips start with it. */
export const ALL_CATEGORIES = 'all';

export function filterByCategory<T extends { category: string }>(items: readonly T[], category: string): T[] {
  return category === ALL_CATEGORIES ? [...items] : items.filter((i) => i.category === category);
}

// Combining accents of Latin letters (U+0300–U+036F, after NFD) and the nukta of Devanagari,
// Gujarati and Telugu: people type "kisan" for "kisán" and "खबर" for "ख़बर". Indic vowel signs
// are other marks and stay: they change the word.
const IGNORED_MARKS = /[\u0300-\u036f\u093c\u0abc\u0c3c]/g;

/** A text as search compares it: decomposed, accents and nukta dropped, lower case, spaces collapsed. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(IGNORED_MARKS, '').normalize('NFC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}

/** Whether the keyword is contained in one of the texts, compared by searchKey. */
export function matchesSearch(keyword: string, texts: readonly string[]): boolean {
  const k = searchKey(keyword);
  if (k === '') return false;
  return texts.some((t) => searchKey(t).includes(k));
}

/** Offline search over stored items: the keyword (searchKey) within the name, description or category. */
export function localSearch<T extends { name: string; description: string; category?: string }>(
  items: readonly T[],
  keyword: string,
  categoryName: (id: string) => string = (id) => id,
): T[] {
  return items.filter((i) => matchesSearch(keyword, [i.name, i.description, i.category ?? '', i.category ? categoryName(i.category) : '']));
}

/** Leaves out the bots of the remote hidden list (spec part 1 §3). */
export function withoutHidden<T extends { bot_uuid: string }>(items: readonly T[], hidden: readonly string[]): T[] {
  if (hidden.length === 0) return [...items];
  const set = new Set(hidden);
  return items.filter((i) => !set.has(i.bot_uuid));
}
