// Registers the routes of the shared contract (src/api/contract.ts) on the server. Each route:
// - lives at API_BASE + its contract path, with the contract's method;
// - gets its input validated by the contract's zod schema (the JSON body of a POST, the query
//   string of a GET); a failure is a 400 naming the fields at fault;
// - when the contract says `auth: true`, first checks the mobile and session-id headers against
//   a live session (401 unknown, 440 expired) and hands the handler the signed-in user;
// - answers 200 with whatever the handler returns, typed by the contract's response schema; outside
//   production (NODE_ENV is not 'production') the answer is parsed with that schema first and one
//   that fails it is a 500 naming the fields, so a drift between server and contract shows in every
//   test and in development, while production pays nothing.
// - for an `auth: true` POST with an Idempotency-Key header, keeps its first answer and replays
//   it for a repeat of the key (http/idempotency.ts; after the input is validated).
// Malformed JSON, a non-JSON content type and an oversize body are refused before any of this,
// by Fastify's parser, and turned into 4xx ErrorBody answers by the global error handler.
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { RouteDef } from '../../src/api/contract';
import { API_BASE, HEADER } from '../../src/api/headers';
import type { CountryIso } from '../../src/domain/countries';
import { badRequest, HttpError, otherBot } from './errors';
import type { FloodGuard } from './flood-guard';
import { parseIdempotencyKey, requestHash, type Claim, type IdempotencyStore } from './idempotency';

/** The signed-in caller of an `auth: true` route. */
export interface AuthUser {
  userUuid: string;
  mobile: string;
  /** Country of the mobile's dial code (the profile's country may differ: read it from the users row). */
  mobileCountry: CountryIso;
  /** SHA-256 of the session id: the sessions table's key. */
  sessionHash: string;
  /**
   * A standalone web session's one bot (server/accounts/standalone.ts): a call whose body names
   * another bot is refused with 403 (`refuseOtherBots`). Absent for every other session.
   */
  standaloneBot?: string;
}

export interface RouteContext<B extends z.ZodType> {
  /** The request input, parsed (and trimmed, defaulted...) by the contract's schema. */
  body: z.output<B>;
  request: FastifyRequest;
  /** For headers; the status is 200 unless the handler throws an HttpError. */
  reply: FastifyReply;
}

export interface AuthRouteContext<B extends z.ZodType> extends RouteContext<B> {
  user: AuthUser;
}

export interface RouteOptions {
  /** Also serve the route on GET, reading the input from the query string (e.g. /mobile/logout). */
  alsoGet?: boolean;
  /** Largest accepted body in bytes; default 64 KiB. */
  bodyLimit?: number;
}

export interface ApiRouter {
  /** A route anyone may call (the contract says `auth: false`). */
  publicRoute<B extends z.ZodType, R extends z.ZodType>(def: RouteDef<B, R>, handler: (ctx: RouteContext<B>) => Promise<z.input<R>>, opts?: RouteOptions): void;
  /** A route that needs a live session (the contract says `auth: true`). */
  authRoute<B extends z.ZodType, R extends z.ZodType>(def: RouteDef<B, R>, handler: (ctx: AuthRouteContext<B>) => Promise<z.input<R>>, opts?: RouteOptions): void;
  /** Methods served at a full URL path ('/api/...'), for 405 answers; empty when unknown. */
  allowedMethods(urlPath: string): string[];
}

export type Authenticate = (request: FastifyRequest) => Promise<AuthUser>;

const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Turns zod issues into one line: "mobile: Required; otp: otp must be exactly 4 digits". */
export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      if (!path) return issue.message;
      const last = String(issue.path[issue.path.length - 1]);
      // Contract messages often start with the field's name already ("otp must be ...").
      return issue.message.startsWith(`${last} `) ? issue.message : `${path}: ${issue.message}`;
    })
    .join('; ');
}

// Clearer words than zod's defaults for the two commonest mistakes; a schema's own message wins.
const errorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
  if (issue.code === 'invalid_type' && (issue.path ?? []).length === 0) return `Body must be a JSON ${issue.expected}`;
  return undefined;
};

// PostgreSQL text cannot hold NUL, and an unpaired surrogate is not Unicode (it would be stored
// as U+FFFD): both are refused in any string or key of any input, so no route can stumble on them.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isBadText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

const MAX_DEPTH = 32;

function findBadText(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isBadText(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_DEPTH) throw badRequest(`Body is nested deeper than ${MAX_DEPTH} levels`);
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (isBadText(key)) return childPath;
    const found = findBadText(child, childPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export async function parseInput<B extends z.ZodType>(schema: B, input: unknown): Promise<z.output<B>> {
  const bad = findBadText(input, '');
  if (bad !== undefined) throw badRequest(`${bad || 'Body'}: text must not contain NUL characters or unpaired surrogates`);
  const result = await schema.safeParseAsync(input, { error: errorMap });
  if (!result.success) throw badRequest(formatIssues(result.error.issues));
  return result.data;
}

/** Outside production every answer is parsed with its route's response schema (a cheap safety net). */
const checkAnswers = process.env.NODE_ENV !== 'production';

/** Throws a 500 naming the fields when an answer does not match its route's response schema. */
export function checkAnswer(def: RouteDef, answer: unknown): void {
  // A reply the handler sent itself (reply.send) answers undefined: nothing to check.
  if (answer === undefined || !def.response) return;
  const result = def.response.safeParse(answer);
  if (!result.success) throw new HttpError(500, `${def.path}: the answer does not match the contract: ${formatIssues(result.error.issues)}`);
}

/** Body fields that name a bot, in any route's input (the contract's bot_uuid, botId). */
const BOT_FIELDS: ReadonlySet<string> = new Set(['bot_uuid', 'botId', 'bot_id']);

/**
 * A standalone web session serves one bot (spec part 1 §1: "other bots are hidden in this mode"):
 * an input naming another bot anywhere (a field of BOT_FIELDS, at any depth) is refused with 403,
 * so a guest cannot read or write another bot's conversation, catalogue or cart by changing an id.
 */
export function refuseOtherBots(input: unknown, bot: string, depth = 0): void {
  if (input === null || typeof input !== 'object' || depth > 6) return;
  if (Array.isArray(input)) {
    for (const item of input) refuseOtherBots(item, bot, depth + 1);
    return;
  }
  for (const [key, value] of Object.entries(input)) {
    if (BOT_FIELDS.has(key) && value !== undefined && value !== null && String(value) !== bot) {
      throw otherBot();
    }
    refuseOtherBots(value, bot, depth + 1);
  }
}

/**
 * `webAuthenticate` (standalone mode, server/accounts/standalone.ts): every `auth: true` route is
 * served a second time under API_BASE/web (spec part 1 §7: standalone rewrites auth URLs to web
 * variants), authenticated by the web session's headers instead of mobile and session-id.
 */
export function createApiRouter(app: FastifyInstance, authenticate: Authenticate, idempotency?: IdempotencyStore, guard?: FloodGuard, webAuthenticate?: Authenticate): ApiRouter {
  const methodsByPath = new Map<string, Set<string>>();
  const users = new WeakMap<FastifyRequest, AuthUser>();
  /** Requests that claimed an idempotency key: their answer is kept (or the key released) on send. */
  const claims = new WeakMap<FastifyRequest, Claim>();

  /** Keeps a claimed request's answer before it goes out, so a repeat seen after it finds it. */
  async function finishClaim(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    const claim = claims.get(request);
    if (!claim || !idempotency) return;
    claims.delete(request);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      await idempotency.finish(claim, reply.statusCode, body);
    } catch (err) {
      // The answer still goes out; the claim is left to expire (IN_PROGRESS_TIMEOUT_MS).
      request.log.error({ err }, 'keeping the answer of an idempotency key failed');
    }
  }

  function register<B extends z.ZodType, R extends z.ZodType>(
    def: RouteDef<B, R>,
    auth: boolean,
    handler: (ctx: RouteContext<B>, request: FastifyRequest) => Promise<z.input<R>>,
    opts: RouteOptions,
  ) {
    if (def.auth !== auth) {
      throw new Error(`${def.path}: the contract says auth: ${def.auth}; register it with ${def.auth ? 'authRoute' : 'publicRoute'}`);
    }
    const methods: HTTPMethods[] = opts.alsoGet && def.method !== 'GET' ? [def.method, 'GET'] : [def.method];
    const served: Array<{ url: string; authenticate: Authenticate }> = [{ url: API_BASE + def.path, authenticate }];
    if (auth && webAuthenticate) served.push({ url: `${API_BASE}/web${def.path}`, authenticate: webAuthenticate });
    for (const { url, authenticate } of served) serve(url, authenticate, methods, def, auth, handler, opts);
  }

  function serve<B extends z.ZodType, R extends z.ZodType>(
    url: string,
    authenticate: Authenticate,
    methods: HTTPMethods[],
    def: RouteDef<B, R>,
    auth: boolean,
    handler: (ctx: RouteContext<B>, request: FastifyRequest) => Promise<z.input<R>>,
    opts: RouteOptions,
  ) {
    const known = methodsByPath.get(url) ?? new Set<string>();
    for (const m of methods) {
      if (known.has(m)) throw new Error(`route registered twice: ${m} ${url}`);
      known.add(m);
    }
    methodsByPath.set(url, known);

    app.route({
      method: methods,
      url,
      bodyLimit: opts.bodyLimit ?? DEFAULT_BODY_LIMIT,
      // Authenticate before the body is even read: strangers do not get their bodies parsed.
      // Each call counts against the caller's rate (the user's, or the address's without a
      // session: http/flood-guard.ts) before its body is read too.
      ...(auth
        ? {
            onRequest: async (request: FastifyRequest) => {
              const user = await authenticate(request);
              await guard?.call({ userUuid: user.userUuid, address: request.ip });
              users.set(request, user);
            },
            onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
              await finishClaim(request, reply, payload);
              return payload;
            },
          }
        : {
            onRequest: async (request: FastifyRequest) => {
              await guard?.call({ address: request.ip });
            },
          }),
      handler: async (request, reply) => {
        const rawKey = request.headers[HEADER.idempotencyKey];
        const key = auth && idempotency && request.method === 'POST' && rawKey !== undefined
          ? parseIdempotencyKey(Array.isArray(rawKey) ? rawKey.join(', ') : rawKey)
          : undefined;
        // No body at all counts as {}; a JSON null, array or string is refused by the schema.
        const input = request.method === 'GET' ? request.query : request.body === undefined ? {} : request.body;
        const body = await parseInput(def.body, input);
        const user = users.get(request);
        if (user?.standaloneBot !== undefined) refuseOtherBots(body, user.standaloneBot);
        if (key !== undefined && idempotency && user) {
          const begun = await idempotency.begin(user.userUuid, key, requestHash(request.method, def.path, input));
          if (begun.kind === 'replay') {
            return reply.code(begun.status).header(HEADER.idempotentReplayed, 'true').type('application/json; charset=utf-8').send(begun.body);
          }
          claims.set(request, begun.claim);
        }
        const answer = await handler({ body, request, reply }, request);
        if (checkAnswers) checkAnswer(def, answer);
        return answer;
      },
    });
  }

  return {
    publicRoute(def, handler, opts = {}) {
      register(def, false, handler, opts);
    },
    authRoute(def, handler, opts = {}) {
      register(def, true, (ctx, request) => {
        const user = users.get(request);
        if (!user) throw new Error('authRoute handler ran without an authenticated user');
        return handler({ ...ctx, user });
      }, opts);
    },
    allowedMethods(urlPath) {
      return [...(methodsByPath.get(urlPath) ?? [])];
    },
  };
}
