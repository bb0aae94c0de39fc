// A local stand-in for GA4's Measurement Protocol collect endpoint (POST /mp/collect?measurement_id=…
// &api_secret=…, a JSON body { client_id, events: [{ name, params, timestamp_micros? }] }) that
// checks the wire format as Google documents it (the limits of /debug/mp/collect: 25 events, names
// of 40 characters starting with a letter, 25 parameters, values of 100 characters, no reserved
// names) and keeps what it took. Answers 204 like Google; `failNext(n)` answers 503 n times.
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface GaHit {
  measurementId: string;
  apiSecret: string;
  body: { client_id: string; user_id?: string; events: { name: string; params: Record<string, unknown>; timestamp_micros?: number }[] };
}

export interface GaMock {
  endpoint: string;
  hits: GaHit[];
  /** what the mock refused (a format error), with the reason */
  refused: string[];
  failNext(times: number): void;
  close(): Promise<void>;
}

const RESERVED_EVENTS = new Set(['ad_activeview', 'ad_click', 'ad_exposure', 'ad_impression', 'ad_query', 'ad_reward', 'adunit_exposure', 'app_background', 'app_clear_data', 'app_exception', 'app_remove', 'app_store_refund', 'app_store_subscription_cancel', 'app_store_subscription_convert', 'app_store_subscription_renew', 'app_update', 'app_upgrade', 'dynamic_link_app_open', 'dynamic_link_app_update', 'dynamic_link_first_open', 'error', 'first_open', 'first_visit', 'in_app_purchase', 'notification_dismiss', 'notification_foreground', 'notification_open', 'notification_receive', 'os_update', 'session_start', 'session_start_with_rollout', 'user_engagement']);
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

function formatProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return 'body is not a JSON object';
  const b = body as Record<string, unknown>;
  if (typeof b.client_id !== 'string' || b.client_id.length === 0) return 'client_id is required';
  if (!Array.isArray(b.events) || b.events.length === 0 || b.events.length > 25) return 'events must hold 1 to 25 events';
  for (const e of b.events as unknown[]) {
    const ev = e as { name?: unknown; params?: unknown; timestamp_micros?: unknown };
    if (typeof ev.name !== 'string' || !NAME.test(ev.name) || RESERVED_EVENTS.has(ev.name)) return `bad event name ${String(ev.name)}`;
    if (ev.timestamp_micros !== undefined && (typeof ev.timestamp_micros !== 'number' || String(Math.trunc(ev.timestamp_micros)).length < 16)) return 'timestamp_micros must be microseconds';
    const params = (ev.params ?? {}) as Record<string, unknown>;
    if (Object.keys(params).length > 25) return 'more than 25 parameters';
    for (const [k, v] of Object.entries(params)) {
      if (!NAME.test(k) || /^(google_|ga_|firebase_)/.test(k)) return `bad parameter name ${k}`;
      if (typeof v === 'string' && v.length > 100) return `parameter ${k} is over 100 characters`;
      if (typeof v === 'object') return `parameter ${k} is not a scalar`;
    }
  }
  return null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startGaMock(): Promise<GaMock> {
  const hits: GaHit[] = [];
  const refused: string[] = [];
  let failures = 0;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const text = await readBody(request);
      if (failures > 0) {
        failures -= 1;
        response.writeHead(503).end();
        return;
      }
      const measurementId = url.searchParams.get('measurement_id');
      const apiSecret = url.searchParams.get('api_secret');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const problem = request.method !== 'POST' || url.pathname !== '/mp/collect' ? 'POST /mp/collect only'
        : !measurementId || !apiSecret ? 'measurement_id and api_secret are required'
          : (request.headers['content-type'] ?? '').split(';')[0] !== 'application/json' ? 'content-type must be application/json'
            : formatProblem(body);
      // Google answers 2xx even for a malformed hit (only /debug/mp/collect says why): so does this,
      // and the test reads `refused`
      if (problem) refused.push(problem);
      else hits.push({ measurementId: measurementId!, apiSecret: apiSecret!, body: body as GaHit['body'] });
      response.writeHead(204).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}/mp/collect`,
    hits,
    refused,
    failNext(times) {
      failures = times;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
