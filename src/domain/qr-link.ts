// What a scanned QR code may open (issue 18, /qr-code-scan): only this app's own links and bot
// ids. A code can hold anything (a stranger's sticker over a real one), so nothing else is
// opened: other text and other sites' links are shown to the user as text, never followed.
import { STANDALONE_BOT_ID_PATTERN } from './constants';

export type QrTarget =
  /** a bot: its chat opens */
  | { kind: 'bot'; botUuid: string }
  /** a screen of this app: the path (one of the known ones) and its query */
  | { kind: 'app'; path: string; search: Record<string, string> }
  /** anything else: shown, not opened */
  | { kind: 'other'; text: string };

const CHAT_PATH = /^\/chat\/(\d{16})\/?$/;

/**
 * The target of a scanned text. `appOrigin` is this app's origin (scheme, host, port);
 * `knownPaths` the app's route paths a link may open (without parameters).
 */
export function qrTarget(scanned: string, appOrigin: string, knownPaths: ReadonlySet<string>): QrTarget {
  const text = scanned.trim();
  if (STANDALONE_BOT_ID_PATTERN.test(text)) return { kind: 'bot', botUuid: text };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'other', text };
  }
  // same origin only: a look-alike host, another scheme (javascript:, data:) or port is not ours
  if (url.origin !== appOrigin || url.username || url.password) return { kind: 'other', text };
  const chat = CHAT_PATH.exec(url.pathname);
  if (chat) return { kind: 'bot', botUuid: chat[1]! };
  // a bot link (spec part 1 §5: the bot id from the query botId) opens that bot's chat
  const botId = url.searchParams.get('botId');
  if (botId !== null && STANDALONE_BOT_ID_PATTERN.test(botId)) return { kind: 'bot', botUuid: botId };
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  if (!knownPaths.has(path)) return { kind: 'other', text };
  const search: Record<string, string> = {};
  for (const [key, value] of url.searchParams) search[key] = value;
  return { kind: 'app', path, search };
}
