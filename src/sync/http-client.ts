// The typed HTTP client of the sync engine. DOM-free: it runs in the worker, in Node tests and
// (later) in the service worker, so `fetch` and the clock are injected. It builds URLs under
// API_BASE, sends JSON, adds the headers of spec part 1 §7 and turns every failure into one of
// three thrown errors of the catalogue:
//   CancelError      timeout or cancellation (reason 'timeout' | 'cancelled')
//   NoResponseError  no answer at all (offline, DNS, connection reset)
//   BadStatusError   an answer other than 200 or 204; its message is '{status}:-{message}'
//   BadAnswerError   a 200 (or 204) whose body is not JSON or fails the route's response schema
//                    (src/api/contract.ts): a BadStatusError of status 200 carrying the route and
//                    the schema's issues, reported through onBadAnswer; nothing of it reaches a caller
// This is the trust boundary (DESIGN.md §4): every answer is parsed with its route's schema, so
// what a caller gets is the schema's output. The schemas (and zod) are in the worker's chunk only.
// What a failure means for the session (401, 440, dialogs) is decided by session.ts, not here.
import { API_BASE, HEADER, packageNameFor } from '../api/headers';
import { routes, type BodyOf, type ResponseOf, type RouteName } from '../api/contract';
import { BadAnswerError } from '../domain/bad-answer-error';
import { BadStatusError, CancelError, NoResponseError, type BadStatusDetail } from '../domain/errors';
import type { LanguageCode } from '../domain/language-codes';

/** What the headers of one request depend on; read from the session and app-language documents. */
export interface RequestContext {
  mobile: string | null;
  /** the session id (session-id header) */
  sessionId: string | null;
  deviceId: string;
  isStandalone: boolean;
  /** standalone: the one bot (bot-id header) and the user start-session answered (user-id header) */
  botId?: string | null;
  userUuid?: string | null;
  language: LanguageCode;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The spec's one stated connection timeout is 1,200,000 ms (part 1 §9, CONNECTION_TIMEOUT_MS).
 * On a spotty network a call that hangs for 20 minutes helps nobody, so the engine's calls use
 * 30 s; a caller may pass any other value per call.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface HttpClientOptions {
  fetch: typeof fetch;
  /** Scheme, host and port of the API ('' for the page's own origin). */
  origin: string;
  /** The version-name header (the app's version). */
  versionName: string;
  context: () => RequestContext | Promise<RequestContext>;
  clock?: Clock;
  timeoutMs?: number;
  /** Told of every answer that fails its schema (before the call rejects with it); default: console.warn. */
  onBadAnswer?: (error: BadAnswerError) => void;
}

export interface CallOptions {
  timeoutMs?: number;
  /** Aborting it rejects the call with CancelError('cancelled'). */
  signal?: AbortSignal;
  /** The fetch cache mode (remote config: 'no-store' on the first fetch of a session). */
  cache?: RequestCache;
  /**
   * Sent as the Idempotency-Key header of a POST: the stable id of a queued item, so a resend of
   * it is answered with the first answer instead of running again (server/README.md). A 409 with
   * Retry-After (the first copy still running) is retried within the call's timeout.
   */
  idempotencyKey?: string;
}

/** The path of a route, rewritten to its web variant for auth routes in standalone mode. */
export function pathFor(name: RouteName, standalone: boolean): string {
  const def = routes[name];
  return `${API_BASE}${standalone && def.auth ? '/web' : ''}${def.path}`;
}

/** The headers of spec part 1 §7 for a call to `path`. */
export function headersFor(name: RouteName, path: string, ctx: RequestContext, versionName: string): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.packageName]: packageNameFor(path),
    [HEADER.versionName]: versionName,
    [HEADER.language]: ctx.language,
  };
  if (routes[name].auth) {
    // standalone: the device id stands in for the mobile number
    if (ctx.isStandalone) {
      headers[HEADER.deviceId] = ctx.deviceId;
      if (ctx.botId) headers[HEADER.botId] = ctx.botId;
      if (ctx.userUuid) headers[HEADER.userId] = ctx.userUuid;
    } else if (ctx.mobile) headers[HEADER.mobile] = ctx.mobile;
    if (ctx.sessionId) headers[HEADER.sessionId] = ctx.sessionId;
  }
  return headers;
}

/** The server's `reason` from an error body, and its Retry-After (in seconds; an HTTP date is read too). */
function detailOf(body: string, retryAfter: string | null, now: number): BadStatusDetail {
  const detail: BadStatusDetail = {};
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed !== null && typeof parsed === 'object' && 'reason' in parsed && typeof parsed.reason === 'string') detail.reason = parsed.reason;
  } catch {
    // not JSON: no reason
  }
  if (retryAfter !== null) {
    const seconds = /^\s*\d+\s*$/.test(retryAfter) ? Number(retryAfter) : Math.ceil((Date.parse(retryAfter) - now) / 1000);
    if (Number.isFinite(seconds) && seconds > 0) detail.retryAfterSeconds = seconds;
  }
  return detail;
}

/** The server's `message` from an error body ({ statusCode, error, message }), when it sent one. */
function messageOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed !== null && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: a proxy's HTML page or plain text; only short plain text is worth keeping
    if (body.length > 0 && body.length <= 200 && !body.trimStart().startsWith('<')) return body.trim();
  }
  return undefined;
}

export interface HttpClient {
  call<N extends RouteName>(name: N, body: BodyOf<N>, options?: CallOptions): Promise<ResponseOf<N>>;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const clock = options.clock ?? systemClock;
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<N extends RouteName>(name: N, body: BodyOf<N>, callOptions: CallOptions = {}): Promise<ResponseOf<N>> {
    const def = routes[name];
    const ctx = await options.context();
    const path = pathFor(name, ctx.isStandalone);
    const headers = headersFor(name, path, ctx, options.versionName);
    const init: RequestInit = { method: def.method, headers };
    if (callOptions.cache) init.cache = callOptions.cache;
    if (def.method !== 'GET') {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
      if (callOptions.idempotencyKey !== undefined) headers[HEADER.idempotencyKey] = callOptions.idempotencyKey;
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, callOptions.timeoutMs ?? defaultTimeout);
    const external = callOptions.signal;
    const onExternalAbort = () => controller.abort();
    if (external?.aborted) controller.abort();
    else external?.addEventListener('abort', onExternalAbort, { once: true });
    init.signal = controller.signal;

    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      for (;;) {
        const res = await options.fetch(`${options.origin}${path}`, init);
        status = res.status;
        retryAfter = res.headers.get('retry-after');
        text = await res.text();
        // The first copy of this keyed request is still running: wait for its answer.
        const waitSeconds = Number(retryAfter);
        if (status !== 409 || callOptions.idempotencyKey === undefined || !(waitSeconds > 0)) break;
        await sleep(clock, Math.min(waitSeconds, 5) * 1000, controller.signal);
      }
    } catch {
      if (timedOut) throw new CancelError('timeout');
      if (controller.signal.aborted) throw new CancelError('cancelled');
      throw new NoResponseError();
    } finally {
      clock.clearTimeout(timer);
      external?.removeEventListener('abort', onExternalAbort);
    }

    if (status !== 200 && status !== 204) throw new BadStatusError(status, messageOf(text), detailOf(text, retryAfter, clock.now()));
    const parsed = parseAnswer(name, status === 204 ? '' : text);
    if (parsed instanceof BadAnswerError) {
      (options.onBadAnswer ?? warnBadAnswer)(parsed);
      throw parsed;
    }
    return parsed;
  }

  return { call };
}

/** Waits ms on the injected clock; rejects as soon as the signal aborts. */
function sleep(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(new Error('aborted'));
    };
    const handle = clock.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const warnBadAnswer = (error: BadAnswerError) => console.warn(`sync: refused ${error.describe()}`);

/** The answer of route `name` as its schema's output, or a BadAnswerError saying why it is not one. */
export function parseAnswer<N extends RouteName>(name: N, text: string): ResponseOf<N> | BadAnswerError {
  let raw: unknown;
  try {
    // an empty body (204) is read as {}
    raw = JSON.parse(text === '' ? '{}' : text);
  } catch {
    return new BadAnswerError(name, [{ path: [], message: 'the answer is not JSON' }]);
  }
  const result = routes[name].response.safeParse(raw);
  if (!result.success) return new BadAnswerError(name, result.error.issues.map((i) => ({ path: i.path.map((k) => (typeof k === 'number' ? k : String(k))), message: i.message })));
  return result.data as ResponseOf<N>;
}
