// The standalone app on a host name of its own (issue 17; spec part 1 §5: the bot "from ... a CNAME
// lookup"): a browser cannot read DNS, so the server's configuration answers (STANDALONE_HOSTS,
// POST /api/web/bot/resolve-host). Asked only by a signed-out visitor at '/' with the network up;
// with a bot, the app goes to /bot/<id> (the standalone screen), which resolves it again with
// resolveStandaloneBot. Offline, or once a standalone session is stored, the stored bot opens
// (route-guards.ts), so a reopen with no network needs no answer.
// The command module itself, not the ui-surface index: this is on the login route (report-size.ts).
import { resolveStandaloneHost } from '../db/commands/standalone-commands';
import { resolveStandaloneBot } from '../domain/standalone';
import { MAPPED_HOST_KEY } from '../domain/standalone';
import type { AppRouter } from './router';

/** Asks once; answers a cancel for the effect that started it. */
export function openMappedHost(router: AppRouter): () => void {
  let live = true;
  const { pathname, searchStr } = router.state.location;
  if (pathname !== '/' || (typeof navigator !== 'undefined' && !navigator.onLine)) return () => {};
  void resolveStandaloneHost(window.location.host).then((res) => {
    if (!live || !res.ok || res.value === null || router.state.location.pathname !== '/') return;
    const { botId, source } = resolveStandaloneBot({ pathname, search: searchStr, hostBot: res.value, storedBot: null });
    // remembered for the standalone screen: here '/' is this bot, so "Open the full app" must
    // lead to the full app's own address (or not be offered); a reopen offline asks nothing
    if (source === 'host') localStorage.setItem(MAPPED_HOST_KEY, window.location.host);
    if (source === 'host') void router.navigate({ to: '/bot/$botId', params: { botId }, replace: true });
  });
  return () => {
    live = false;
  };
}
