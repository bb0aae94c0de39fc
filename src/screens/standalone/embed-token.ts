// The signed-in embedded mode (issue 17; spec part 1 §1 "with or without authentication", §7
// start-session "with access_token"): the embedding page holds a login token of its user and hands
// it to this frame by postMessage, never in the address (an address ends up in logs, history and
// Referer headers). embed.js opens the frame at /bot/<id>?auth=1 when the page gave it a token;
// this side then asks its parent for it and accepts the answer only
//   - from the parent window itself (event.source), and
//   - from the parent's origin as the browser reports it (location.ancestorOrigins, else the
//     Referer's origin), which the server's CSP frame-ancestors already limits to the websites
//     allowed to frame the app; the question is posted to that origin only, too.
// embed.js checks the other way round: the question must come from its own frame and the app's
// origin, and the token is posted to the app's origin only (server/embed/embed-script.js).

/** The query flag embed.js puts on the frame's address when its page gave it a token. */
export const EMBED_AUTH_PARAM = 'auth';

const TOKEN = /^[0-9a-f]{32}$/;

/** Whether this document is a frame that embed.js opened for a signed-in user. */
export function embedAuthWanted(search: string, framed: boolean): boolean {
  return framed && new URLSearchParams(search).get(EMBED_AUTH_PARAM) === '1';
}

/** The embedding page's origin, as the browser reports it; null when it cannot be known. */
export function parentOrigin(loc: Pick<Location, 'ancestorOrigins'> | undefined, referrer: string): string | null {
  const first = loc?.ancestorOrigins?.[0];
  if (first && first !== 'null') return first;
  try {
    return referrer ? new URL(referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Asks the embedding page for its user's access token; null when it gives none in `timeoutMs`
 * (a page that did not set one, or a message from anywhere else, which is ignored).
 */
export function requestEmbedAccessToken(timeoutMs = 10_000, win: Window = window): Promise<string | null> {
  const origin = parentOrigin(win.location, win.document.referrer);
  if (win.parent === win || origin === null) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (token: string | null) => {
      win.removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve(token);
    };
    function onMessage(event: MessageEvent) {
      if (event.source !== win.parent || event.origin !== origin) return;
      const data = event.data as { type?: unknown; accessToken?: unknown } | null;
      if (data?.type !== 'embed.auth') return;
      done(typeof data.accessToken === 'string' && TOKEN.test(data.accessToken) ? data.accessToken : null);
    }
    const timer = setTimeout(() => done(null), timeoutMs);
    win.addEventListener('message', onMessage);
    win.parent.postMessage({ type: 'embed.ready' }, origin);
  });
}
