// The server under abuse, as the scenarios and the latency probe see it: its URLs on loopback,
// and fresh signed-in users (the server runs with OTP_FIXED, so every code is known).
import { API_BASE, HEADER } from '../../src/api/headers';
import { routes } from '../../src/api/contract';
import { freshMobile } from '../../test/integration/helpers/server';

export const ABUSE_OTP = '4242';

export interface AbuseSession {
  mobile: string;
  /** The mobile and session-id headers. */
  headers: Record<string, string>;
}

export interface AbuseTarget {
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port>/api/socket */
  socketUrl: string;
  signIn(): Promise<AbuseSession>;
  /** POSTs (or GETs) a contract route by path with a JSON body; answers the status and body. */
  call(path: string, body: unknown, session?: AbuseSession, method?: 'GET' | 'POST'): Promise<{ status: number; body: unknown }>;
}

export function abuseTarget(url: string): AbuseTarget {
  const parsed = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) throw new Error(`abuse runs on loopback only, not ${url}`);
  const target: AbuseTarget = {
    url,
    socketUrl: url.replace(/^http/, 'ws') + API_BASE + '/socket',
    async call(path, body, session, method = 'POST') {
      const response = await fetch(url + API_BASE + path, {
        method,
        headers: { ...(session?.headers ?? {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) as unknown : undefined };
    },
    async signIn() {
      const mobile = freshMobile();
      const sent = await target.call(routes.sendOtp.path, { mobile });
      if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      const verified = await target.call(routes.verifyOtp.path, { mobile, otp: ABUSE_OTP });
      if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}: ${JSON.stringify(verified.body)}`);
      const token = (verified.body as { token: string }).token;
      return { mobile, headers: { [HEADER.mobile]: mobile, [HEADER.sessionId]: token } };
    },
  };
  return target;
}
