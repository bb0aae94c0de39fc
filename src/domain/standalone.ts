// Which bot a standalone (single-bot) app opens (spec part 1 §5: "Standalone bot ids must match a
// 16-digit number (from url, a CNAME lookup, query botId, or stored selected bot, else a default
// id)"). Pure: the boot calls it with what it has; the host-name answer comes from the server's
// configuration (/web/bot/resolve-host), since a browser cannot read a CNAME.
import { STANDALONE_BOT_ID_PATTERN, STANDALONE_DEFAULT_BOT_ID } from './constants';

/** localStorage: the host name this origin was found mapped to a bot on (src/app/standalone-host.ts). */
export const MAPPED_HOST_KEY = 'standalone.mapped-host';

/**
 * What "Open the full app" does in the standalone app outside an embedding page's frame:
 * - 'leave': on an address not mapped to a bot, this origin is the full app: leave standalone
 *   mode here and open its sign-in;
 * - 'external': on a host mapped to one bot, go to the configured full app (FULL_APP_URL, the
 *   remote flag full_app_url) when it is an http(s) address of another origin;
 * - 'hidden': a mapped host with no such full app configured: '/' here is the bot again.
 */
export function fullAppWay(input: { fullAppUrl: string; origin: string; mappedHost: boolean }): { kind: 'external'; url: string } | { kind: 'leave' } | { kind: 'hidden' } {
  if (!input.mappedHost) return { kind: 'leave' };
  let external: URL | null = null;
  try {
    external = input.fullAppUrl ? new URL(input.fullAppUrl) : null;
  } catch {
    external = null;
  }
  if (external && /^https?:$/.test(external.protocol) && external.origin !== input.origin) return { kind: 'external', url: external.href };
  return { kind: 'hidden' };
}

export type StandaloneBotSource = 'path' | 'host' | 'query' | 'stored' | 'default';

export interface StandaloneBotInputs {
  /** location.pathname: /chat/<id> or /bot/<id> names the bot */
  pathname: string;
  /** location.search: ?botId=<id> */
  search: string;
  /** the bot the server maps this host name to, or null */
  hostBot: string | null;
  /** the stored selected bot, or null */
  storedBot: string | null;
}

const PATH_BOT = /^\/(?:chat|bot)\/([^/?#]+)\/?$/;

/** A candidate counts only when it is a 16-digit id; an invalid one falls through to the next source. */
export function resolveStandaloneBot(input: StandaloneBotInputs): { botId: string; source: StandaloneBotSource } {
  const valid = (id: string | null | undefined): id is string => typeof id === 'string' && STANDALONE_BOT_ID_PATTERN.test(id);
  const fromPath = PATH_BOT.exec(input.pathname)?.[1];
  if (valid(fromPath)) return { botId: fromPath, source: 'path' };
  if (valid(input.hostBot)) return { botId: input.hostBot, source: 'host' };
  const fromQuery = new URLSearchParams(input.search).get('botId');
  if (valid(fromQuery)) return { botId: fromQuery, source: 'query' };
  if (valid(input.storedBot)) return { botId: input.storedBot, source: 'stored' };
  return { botId: STANDALONE_DEFAULT_BOT_ID, source: 'default' };
}
