// The standalone (single-bot) app's commands (issue 17; spec part 1 §1, §4, §7): the web session of
// one bot (start-session, no sign-in) and the host-name lookup (the spec's CNAME lookup, answered by
// the server's STANDALONE_HOSTS).
import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';
import { newSession } from '../defaults';
import { newDeviceId } from '../device-id';
import { modifyLocalDoc } from '../local-store';
import { logout } from './logout';
import { runEngine } from './run-engine';

/**
 * A new web session for this device and bot; the session document then says standalone. With
 * `accessToken` (the embedding page's signed-in user, handed over by postMessage: embed-token.ts)
 * the session is that user's (standalone-with-auth), not the device's guest.
 */
export function startStandaloneSession(botId: string, options?: { accessToken?: string }): Promise<CommandResult> {
  return options ? runEngine('startStandaloneSession', botId, options) : runEngine('startStandaloneSession', botId);
}

/** The bot the server maps this host name to, or null (also when offline or refused). */
export function resolveStandaloneHost(host: string): Promise<CommandResult<string | null>> {
  return runEngine('resolveStandaloneHost', host);
}

/**
 * Leaves the single-bot app for the full one (the sign-in screen): the web session and its data go
 * as at a logout, and the device is no longer in standalone mode. Without this, a device that once
 * opened /bot/<id> on the app's own address would stay in that bot's app for good.
 */
export async function leaveStandalone(): Promise<CommandResult> {
  await logout();
  await modifyLocalDoc(getClient().db, 'session', (s) => ({ ...(s ?? newSession(newDeviceId())), isStandalone: false, isStandaloneWithAuth: false }));
  return ok();
}
