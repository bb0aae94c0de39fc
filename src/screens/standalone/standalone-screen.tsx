// The standalone (single-bot) app (issue 17; spec part 1 §1, §5, §7): /bot/<16-digit id> (also
// reached from /?botId=<id> and from a host name the server maps to a bot) shows that one bot's
// thread with no sign-in. The bot is the path's (resolveStandaloneBot: an id that is not 16 digits
// falls through to the stored selected bot, else the default). When no web session of this bot is
// stored, the screen opens one (start-session); a stored one is used as it is, so a reopen with no
// network shows the stored history and the outbox sends what is typed once the network returns.
// There is no home, no other bot and no sign-in screen in this mode (route-guards.ts), and no
// analytics (src/db/analytics.ts).
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from '@tanstack/react-router';
import { leaveStandalone, startStandaloneSession, useRemoteFlags, useSession } from '../../db/ui-surface';
import { MAPPED_HOST_KEY, fullAppWay, resolveStandaloneBot } from '../../domain/standalone';
import { ChatThread } from '../chat/chat-thread';
import { EmptyState } from '../../ui/empty-state';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useOnline } from '../shared/use-online';
import { embedAuthWanted, requestEmbedAccessToken } from './embed-token';
import './standalone.css';

/** 'done': start-session answered; idle again once the session document says so. */
// 'no-sign-in': embed.js said its page has a signed-in user, but no token came from the page
type Start = 'idle' | 'starting' | 'done' | 'failed' | 'no-sign-in';

export default function StandaloneScreen() {
  const { botId: param } = useParams({ from: '/bot/$botId' });
  const intl = useIntl();
  const navigate = useNavigate();
  const session = useSession();
  const online = useOnline();
  const stored = session.doc?.selectedBot?.bot_uuid ?? null;
  const { botId } = resolveStandaloneBot({ pathname: `/bot/${param}`, search: '', hostBot: null, storedBot: stored });
  // in embed.js's frame for a signed-in user of the page: that user's session, not the guest's
  // (read once: the address's query is not kept across the redirects below)
  const [authWanted] = useState(() => embedAuthWanted(window.location.search, window.parent !== window));
  const ready = session.doc?.isStandalone === true && session.doc.token !== null && stored === botId
    && session.doc.isStandaloneWithAuth === authWanted;
  const [start, setStart] = useState<{ bot: string; state: Start }>({ bot: botId, state: 'idle' });
  // set by leave() below, read by the start effect (declared before it)
  const leavingRef = useRef(false);
  const state: Start = start.bot === botId ? start.state : 'idle';

  // an id that is not 16 digits: the address says which bot opened
  useEffect(() => {
    if (botId !== param) void navigate({ to: '/bot/$botId', params: { botId }, replace: true });
  }, [botId, param, navigate]);

  // no web session of this bot (first visit, another bot's, or one the server ended): open one
  const needed = session.loaded && !ready && botId === param && state === 'idle' && !leavingRef.current;
  const inFlight = useRef<string | null>(null);
  useEffect(() => {
    if (!needed || inFlight.current === botId) return;
    inFlight.current = botId;
    setStart({ bot: botId, state: 'starting' });
    const started: Promise<Start> = authWanted
      ? requestEmbedAccessToken().then((accessToken) => (accessToken === null ? 'no-sign-in' : startStandaloneSession(botId, { accessToken }).then((res) => (res.ok ? 'done' : 'failed'))))
      : startStandaloneSession(botId).then((res) => (res.ok ? 'done' : 'failed'));
    void started.then((next) => {
      inFlight.current = null;
      setStart({ bot: botId, state: next });
    });
  }, [needed, botId, authWanted]);
  useEffect(() => {
    if (ready && state === 'done') setStart({ bot: botId, state: 'idle' });
  }, [ready, state, botId]);

  // A 440 (session expired) clears the token and the selected bot and "closes the extension"
  // (spec part 1 §4): in an embedding page's frame (embed.js) the page is asked to close it; the
  // next opening starts a new session. Outside a frame, the screen starts one at once.
  const wasReady = useRef(false);
  const closedBy440 = !ready && session.loaded && session.doc?.isStandalone === true && session.doc.selectedBot === null;
  useEffect(() => {
    if (ready) wasReady.current = true;
    else if (wasReady.current && closedBy440 && window.parent !== window) {
      wasReady.current = false;
      // nothing secret in it; embed.js checks that it comes from this app's frame
      window.parent.postMessage({ type: 'embed.close' }, '*');
    }
  }, [ready, closedBy440]);

  // a failed start is tried again when the network comes back
  useEffect(() => {
    if (online) setStart((s) => (s.state === 'failed' ? { ...s, state: 'idle' } : s));
  }, [online]);

  // The way out to the full app (sign-in), outside an embedding page's frame only: there the
  // page's own close button is the way out. While leaving, no new session is started here.
  // On a host mapped to this bot, '/' is the bot again: the way out is the configured full app
  // (FULL_APP_URL) or none (fullAppWay).
  const [leaving, setLeaving] = useState(false);
  const framed = window.parent !== window;
  const way = fullAppWay({ fullAppUrl: useRemoteFlags().full_app_url, origin: window.location.origin, mappedHost: localStorage.getItem(MAPPED_HOST_KEY) === window.location.host });
  const leave = framed || way.kind === 'hidden' ? undefined : way.kind === 'external' ? () => window.location.assign(way.url) : () => {
    leavingRef.current = true;
    setLeaving(true);
    void leaveStandalone().then(() => navigate({ to: '/', replace: true }));
  };

  if (ready && !leaving) return <ChatThread key={botId} botUuid={botId} standalone onLeave={leave} />;
  if (state === 'failed' || state === 'no-sign-in') {
    return (
      <main className="standalone-start">
        <EmptyState
          title={intl.formatMessage({ id: 'standalone.start.failedTitle' })}
          body={intl.formatMessage({ id: state === 'no-sign-in' ? 'standalone.start.noSignInBody' : 'standalone.start.failedBody' })}
          action={<Button onClick={() => setStart({ bot: botId, state: 'idle' })}>{intl.formatMessage({ id: 'standalone.start.retry' })}</Button>}
        />
      </main>
    );
  }
  return (
    <main className="standalone-start" aria-busy="true">
      <Spinner label={intl.formatMessage({ id: 'standalone.start.opening' })} />
    </main>
  );
}
