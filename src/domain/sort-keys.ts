// The sort keys of messages (spec part 1 §3), in one place: how the server builds a message's sk,
// the pattern every sk of the wire matches, the provisional sk of a message not yet acknowledged,
// and the reversed key (rsk) the app's index sorts by. Text order of sk is time order.

/** Digits of the time (epoch ms) and of the per-conversation number in a sort key. */
const TIME_DIGITS = 15;
const NUMBER_DIGITS = 9;

/** A stored message's sort key: 15-digit time _ 9-digit number _ message id. */
export const MESSAGE_SK_PATTERN = /^\d{15}_\d{9}_[0-9A-Za-z-]{1,64}$/;

/** The same with a UUID as the message id: what the server issues and what bodies may name. */
export const MESSAGE_SK_UUID_PATTERN = /^\d{15}_\d{9}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The sk of a stored message (the server's store). */
export function messageSortKey(time: number, number: number, messageId: string): string {
  return `${String(time).padStart(TIME_DIGITS, '0')}_${String(number).padStart(NUMBER_DIGITS, '0')}_${messageId}`;
}

/** Starts the sk of a message not yet acknowledged: '~' sorts after every digit, so after every server sk. */
export const PROVISIONAL_SK_PREFIX = '~';

/** The sk of a message not yet acknowledged: after every server sk, in the order written. */
export function provisionalSortKey(time: number, clientId: string): string {
  return `${PROVISIONAL_SK_PREFIX}${String(Math.max(0, Math.floor(time))).padStart(TIME_DIGITS, '0')}_${clientId}`;
}

/**
 * The sk with its order reversed. RxDB's Dexie storage walks an index only ascending: a query
 * sorted by sk descending reads the whole conversation and sorts it in memory (46× a raw read at
 * 5,000 messages, bench/newest50). Sorted by rsk ascending, "newest 50" stops after 50 rows.
 * Each printable ASCII character c (sk uses digits, letters, '_', '-', '~') becomes 0x9e - c,
 * and a final 0x7f (above every mapped character) makes a prefix sort after its extensions.
 */
export function reverseSortKey(sk: string): string {
  let out = '';
  for (let i = 0; i < sk.length; i++) out += String.fromCharCode(0x9e - sk.charCodeAt(i));
  return `${out}\x7f`;
}
