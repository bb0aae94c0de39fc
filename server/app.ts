// The reference server: Fastify with the API of the shared contract under /api, /version.json
// and the built app with its single-page fallback. createServer() builds it (database opened
// and migrated); listen() is separate so tests can take an ephemeral port.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { API_BASE } from '../src/api/headers';
import { accountRoutes } from './accounts/routes';
import { sessionAuthenticator } from './accounts/sessions';
import { sweepExpired } from './accounts/sweep';
import { loadCursorSecret } from './bots/cursor';
import { SocketHub } from './bots/hub';
import { LocalBroadcast, type Broadcast } from './cluster/broadcast';
import { RedisBroadcast } from './cluster/redis-broadcast';
import { registerHealth } from './cluster/health';
import { SERVER_RESTART_CLOSE } from '../src/api/socket-close';
import { seedBots } from './bots/registry';
import { botRoutes } from './bots/routes';
import { discoveryRoutes } from './discovery/routes';
import { seedDiscovery } from './discovery/store';
import { botProfileRoutes } from './bot-profile/routes';
import { seedBotProfiles } from './bot-profile/seed';
import { competitionRoutes } from './competition/routes';
import { seedCompetitions } from './competition/seed';
import { savedItemRoutes } from './bots/saved-items';
import { BotRuntime } from './bots/runtime';
import { registerSocket, SOCKET_MAX_PAYLOAD } from './bots/socket';
import type { RouteModule, ServerContext } from './context';
import { openDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { createApiRouter } from './http/define-route';
import { errorBody, HttpError } from './http/errors';
import { createIdempotencyStore } from './http/idempotency';
import { FloodGuard } from './http/flood-guard';
import { resolveFloodLimits, type FloodLimits } from './config/flood-limits';
import { loadAllGeo } from './geo/geo';
import { checkBotMedia } from './media/bot-media';
import { registerDownload } from './media/download';
import { openMediaStorage, type MediaStorage, type S3Options } from './media/storage';
import { settleUpload } from './media/settle';
import { loadMediaSecret } from './media/policy';
import { mediaRoutes } from './media/routes';
import { feedbackRoutes } from './feedback/routes';
import { engageRoutes } from './engage/routes';
import { rewardsRoutes } from './rewards/routes';
import { FeedAnnouncer } from './feed/publish';
import { feedRoutes } from './feed/routes';
import { seedFeed } from './feed/seed';
import { registerUpload } from './media/upload';
import { userRoutes } from './user/routes';
import { reverseGeocodeRoutes } from './geo/reverse-geocode';
import { checkCatalogs } from './shop/catalog';
import { shopRoutes } from './shop/routes';
import { registerStatic } from './web/static';
import { resolveSecurity, type SecurityOptions } from './config/security';
import { contentSecurityPolicy, reachedOverTls, securityHeaders } from './http/security-headers';
import { publicOrigin, socketOrigin } from './http/public-origin';
import { packageVersion, registerVersion, versionCodeOf } from './web/version';
import { resolveOtpLimits, type OtpLimits } from './config/otp-limits';
import { loadRemoteFlags, remoteConfigRoutes } from './config/remote-config';
import { pushRoutes } from './push/routes';
import { PushSender, type PushOutcome } from './push/sender';
import type { PushOptions } from './push/subscriptions';
import { loadVapidKeys, type VapidKeys } from './push/vapid';
import type { RemoteFlags } from '../src/api/remote-flags';
import { uploadLimits, type UploadLimits } from './config/upload-limits';
import { abortMessage, isClientAbort } from './http/client-abort';
import { dropRestThenClose } from './http/linger';
import { registerSlowBodyGuard } from './http/slow-body';
import { registerCompression } from './http/compression';
import { isUploadUrl } from './media/upload';
import { createPayments, type PaymentsArea, type PaymentsOptions } from './payments/payments';
import type { PayoutSource } from './payments/payout-source';
import { ledgerPayoutSource } from './rewards/ledger';
import { drawRecentDays } from './rewards/lucky-draw';
import { miniAppRoutes } from './mini-apps/routes';
import { seedMiniApps } from './mini-apps/store';
import { miniAppFrameSources, registerDemoMiniApps } from './mini-apps/demo-host';
import { sweepGrants } from './mini-apps/sso';
import { learningRoutes } from './learning/routes';
import { standaloneRoutes, webSessionAuthenticator } from './accounts/standalone';
import { registerEmbedScript } from './embed/embed';
import { createMailer, type Mailer } from './mail/mailer';
import { loadEmailLinkSecret } from './user/email-link';
import { profileExtraRoutes, registerVerifyEmailPage } from './user/profile-extras';
import { gatedModule } from './user/feature-access';
import { competitionArea, learningArea, miniAppArea } from './user/gated-areas';
import { resolveAnalytics, type AnalyticsOptions } from './config/analytics';
import { analyticsRoutes, registerShortLinks } from './analytics/routes';
import { registerAnalyticsAdmin } from './analytics/admin';
import { openJobQueue } from './jobs/queue';

/** Every module of API routes; a new area adds its module here. */
const ROUTE_MODULES: readonly RouteModule[] = [
  accountRoutes, userRoutes,
  reverseGeocodeRoutes,
  discoveryRoutes,
  savedItemRoutes,
  feedbackRoutes,
];

export interface ServerOptions {
  /** An open database to use; the server migrates it but does not close it. */
  db?: Db;
  /** PostgreSQL URL; when set, used instead of PGlite. */
  databaseUrl?: string;
  /**
   * Cluster mode (issue 19): a Redis to share sockets' frames, ended sessions and presence with
   * the other processes over pub/sub (cluster/redis-broadcast.ts). Needs a shared PostgreSQL
   * (databaseUrl or db); unset: one process, nothing leaves it.
   */
  redisUrl?: string;
  /** PostgreSQL only: schema to create and use (tests isolate runs this way). */
  databaseSchema?: string;
  /** PGlite data directory; 'memory://' keeps nothing. Default 'memory://'. */
  dataDir?: string;
  /** Every sign-in code equals this 4-digit value. */
  otpFixed?: string;
  /** Standalone mode: host names mapped to the bot they open (STANDALONE_HOSTS; spec part 1 §5 "a CNAME lookup"). */
  standaloneHosts?: Readonly<Record<string, string>>;
  /**
   * The full (member) app's address (FULL_APP_URL), for a host name mapped to one bot: its
   * "Open the full app" leads there (served as the remote flag full_app_url; none: the button is
   * hidden on a mapped host, where '/' is the bot again).
   */
  fullAppUrl?: string;
  /** Sign-in limits over their defaults (server/config/otp-limits.ts; main.ts reads them from the env). */
  otpLimits?: Partial<OtpLimits>;
  /**
   * Fastify's trustProxy: whose X-Forwarded-For to believe for request.ip (the client address
   * the sign-in limits count). Default false: the socket's peer. Set it only behind a proxy.
   */
  trustProxy?: boolean | string | string[];
  /** Called with each sign-in code issued (tests). */
  onOtpIssued?: (mobile: string, code: string) => void;
  /** Epoch-ms clock; default Date.now. */
  now?: () => number;
  /** Fastify (pino) logger options; false (the default) logs nothing. */
  logger?: FastifyServerOptions['logger'];
  /** Where the built app is; default dist/ of the repository. */
  staticDir?: string;
  /** version_code of /version.json; default from package.json's version (0.1.0 → 100). A function is read per request (tests). */
  versionCode?: number | (() => number);
  /** How long the slow demo bot waits before answering (ms); default 2000. */
  slowBotDelayMs?: number;
  /** Origins allowed to open the socket besides the server's own (e.g. a dev server). */
  allowedOrigins?: readonly string[];
  /**
   * Where uploaded media files are kept. Default: `media/` in the PGlite data directory; a
   * temporary directory, removed on close, when the data is in memory or in PostgreSQL.
   */
  mediaDir?: string;
  /** Media in S3 (or an S3-compatible server) instead of the local folder (S3_BUCKET & co., media/storage.ts). */
  s3?: S3Options;
  /** How many bots a user may pin (limit_pin_bots); default the remote flag's default. */
  pinLimit?: number;
  /** Web Push: accepted push services (tests add a local mock), VAPID subject, TTL, outcomes. */
  push?: PushOptions & { onOutcome?: (outcome: PushOutcome) => void };
  /** The remote flags; default read from REMOTE_CONFIG_FILE or server/data/remote-config.json. A function is read per request. */
  remoteFlags?: RemoteFlags | (() => RemoteFlags);
  /** How long an Idempotency-Key's first answer is kept and replayed (ms); default 24 h. */
  idempotencyTtlMs?: number;
  /** PUBLIC_URL, HSTS, source maps, frame ancestors (config/security.ts has the defaults). */
  security?: SecurityOptions;
  /** Tests only: called once a user message and its bot job are committed, before the bot answers (crash tests). */
  afterUserMessageStored?: () => void;
  /** How often new feed posts (also from `npm run post`) are announced on the sockets (ms); default 3 s. */
  feedAnnounceMs?: number;
  /** Flood limits over their defaults (server/config/flood-limits.ts). */
  floodLimits?: Partial<FloodLimits>;
  /** Storage quota, pending uploads, free disk, unused-upload sweep and timeouts; defaults in server/config/upload-limits.ts. */
  uploadLimits?: Partial<UploadLimits>;
  /** Payments: the sandbox's settling time and webhook delivery (server/payments/payments.ts). */
  payments?: PaymentsOptions;
  /** How email is sent (email verification); default SMTP when `smtpUrl` is set, else the server log. */
  mailer?: Mailer;
  /** SMTP_URL and MAIL_FROM (server/mail/mailer.ts); unset: mails are written to the log. */
  mail?: { smtpUrl?: string | undefined; from?: string | undefined };
  /** Where cash payouts come from (the rewards ledger); default: nothing owed. */
  payoutSource?: PayoutSource;
  /** Analytics providers (first-party, Google), Google's Measurement Protocol settings, the admin key (config/analytics.ts). */
  analytics?: AnalyticsOptions;
  /**
   * How long close() lets running requests finish before it cuts their connections (ms);
   * default 10 s. A client that stops reading an answer would otherwise hold the close for ever.
   */
  shutdownGraceMs?: number;
}

export interface Server {
  app: FastifyInstance;
  db: Db;
  /** The base URL once listening, e.g. http://127.0.0.1:8080. */
  url: string | undefined;
  /** Starts listening (port 0: any free port) and answers the base URL. */
  listen(opts?: { port?: number; host?: string }): Promise<string>;
  /** Stops taking requests, lets running ones finish (for shutdownGraceMs at most), then closes the database it opened. */
  close(): Promise<void>;
  /** Open live sockets: all, or one user's (operations and tests: "two tabs hold one socket"). */
  openSockets(userUuid?: string): number;
  /** Runs the hourly housekeeping now (expired rows, unused uploads and their files); tests and operations. */
  sweep(): Promise<void>;
  /** The payments area: its sandbox providers and their timer (tests drive webhooks through it). */
  payments: PaymentsArea;
}

const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../dist', import.meta.url));
const SWEEP_EVERY_MS = 3600_000;

// Friendlier words for Fastify's own refusals of a request body.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body is empty but Content-Type is application/json: send a JSON object',
};

function isClientError(error: unknown): error is { statusCode: number; message: string; code?: string } {
  if (typeof error !== 'object' || error === null) return false;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export async function createServer(opts: ServerOptions = {}): Promise<Server> {
  const now = opts.now ?? Date.now;
  const otpLimits = resolveOtpLimits(opts.otpLimits);
  const security = resolveSecurity(opts.security);
  // Security headers on every answer, the framework's own errors included (http/security-headers.ts);
  // the policy gains index.html's inline style hashes once the static site is registered (below).
  let csp = contentSecurityPolicy(security);
  const limits = uploadLimits(opts.uploadLimits);
  const analytics = resolveAnalytics(opts.analytics);
  const ownsDb = !opts.db;
  if (opts.redisUrl && !opts.db && !opts.databaseUrl) throw new Error('REDIS_URL (cluster mode) needs DATABASE_URL: processes must share one PostgreSQL, not each its own PGlite');
  loadAllGeo();
  checkCatalogs();
  checkBotMedia();
  const db = opts.db ?? await openDb({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, schema: opts.databaseSchema });
  const versionName = packageVersion();
  const versionCode = opts.versionCode ?? versionCodeOf(versionName);
  const versionFile = () => ({ version_code: typeof versionCode === 'function' ? versionCode() : versionCode, version_name: versionName });

  let cursorSecret: Buffer;
  let mediaSecret: Buffer;
  let emailSecret: Buffer;
  let media: MediaStorage;
  let vapidKeys: VapidKeys;
  let remoteFlags: () => RemoteFlags;
  try {
    await migrate(db, now);
    await seedBots(db, now());
    await seedDiscovery(db, now());
    await seedMiniApps(db, now());
    await seedBotProfiles(db, now());
    await seedCompetitions(db, now());
    await seedFeed(db, now());
    cursorSecret = await loadCursorSecret(db, now());
    mediaSecret = await loadMediaSecret(db, now());
    emailSecret = await loadEmailLinkSecret(db, now());
    const dataDir = opts.db || opts.databaseUrl ? undefined : opts.dataDir;
    media = await openMediaStorage(opts.mediaDir ?? (dataDir !== undefined && !dataDir.includes('://') ? join(dataDir, 'media') : undefined), opts.s3);
    vapidKeys = await loadVapidKeys(db, now());
    const flags = opts.remoteFlags ?? loadRemoteFlags(process.env.REMOTE_CONFIG_FILE || undefined);
    const configured = typeof flags === 'function' ? flags : () => flags;
    // the server's own setting wins over the flags file's (one place an operator sets it)
    remoteFlags = opts.fullAppUrl ? () => ({ ...configured(), full_app_url: opts.fullAppUrl! }) : configured;
  } catch (error) {
    if (ownsDb) await db.close();
    throw error;
  }

  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    // The API's own limit is per route (define-route.ts); this caps everything else.
    bodyLimit: 1024 * 1024,
    // Refusals made before routing (a malformed URL) skip the hooks: they get the ErrorBody and the
    // security headers here.
    frameworkErrors: (error, request, reply) => {
      const status = isClientError(error) ? error.statusCode : 400;
      return (reply as FastifyReply).code(status).headers(securityHeaders(security, csp, reachedOverTls(security, request.socket as { encrypted?: boolean }))).send(errorBody(status, error.message));
    },
    // Slow or idle clients do not hold connections for ever (issue 21 item 6; http/slow-body.ts
    // cuts slow bodies sooner, these are Node's backstops).
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
  });
  app.server.headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  registerSlowBodyGuard(app, limits, isUploadUrl);
  // Only JSON bodies: a text/plain body is refused (415) instead of reaching a schema as a string.
  app.removeContentTypeParser('text/plain');

  // The live sockets of each user; ended sessions (logout, deleted profile) have theirs closed at once.
  // Flood limits (issue 21): per-user and per-address buckets, per-socket backlog, socket caps.
  const guard = new FloodGuard(resolveFloodLimits(opts.floodLimits));
  let cluster: Broadcast;
  try {
    cluster = opts.redisUrl ? await RedisBroadcast.open(opts.redisUrl, app.log) : new LocalBroadcast();
  } catch (error) {
    if (ownsDb) await db.close();
    await media.close();
    throw error;
  }
  const hub = new SocketHub(db, now, app.log, guard.limits, cluster);
  const settle = (mediaUuid: string) => settleUpload(db, media, mediaUuid, limits.quotaBytes, now());
  const ctx: ServerContext = {
    settleUpload: settle,
    db, now, log: app.log, otpFixed: opts.otpFixed, otpLimits, onOtpIssued: opts.onOtpIssued,
    sessionsEnded: (ended) => {
      if ('userUuid' in ended) hub.closeUser(ended.userUuid);
      else hub.closeSessions(ended.sessionHashes);
    },
  };

  app.addHook('onSend', async (request, reply) => {
    // A route's own stricter policy stays: media downloads are served with `default-src 'none';
    // sandbox` (media/download.ts), so an uploaded file can never run as a page of this origin.
    const headers = securityHeaders(security, csp, reachedOverTls(security, request.socket as { encrypted?: boolean }));
    // The app may frame only the registered mini apps (mini-apps/demo-host.ts), named per request by origin.
    headers['content-security-policy'] += `; frame-src ${miniAppFrameSources(publicOrigin(request, security))}`;
    if (reply.hasHeader('content-security-policy')) delete headers['content-security-policy'];
    // ...and a mini app's page keeps its own frame rule (only this origin may frame it).
    if (reply.hasHeader('x-frame-options')) delete headers['x-frame-options'];
    reply.headers(headers);
    // API answers are personal and live: never kept by a browser, proxy or service worker cache.
    // (Media downloads set their own: immutable files, kept privately.)
    if (request.url.startsWith(`${API_BASE}/`) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.toBody());
    }
    // The client went away mid-request (closed the tab, lost the network): nobody to answer.
    if (isClientAbort(error, request.raw)) {
      request.log.info({ method: request.method, url: request.url, code: (error as { code?: unknown }).code }, abortMessage(request.raw, 'request'));
      return reply.code(400).send(errorBody(400, 'The request was cut off by the client'));
    }
    if (isClientError(error)) {
      let message = (error.code && FASTIFY_MESSAGES[error.code]) ?? error.message;
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        message = `Body is larger than ${request.routeOptions.bodyLimit ?? 'the limit of'} bytes`;
        // Read and drop the rest for a moment rather than close on a client still sending, so
        // it reads this 413 instead of a broken pipe (http/linger.ts).
        reply.removeHeader('connection');
        reply.raw.once('finish', () => dropRestThenClose(request.raw));
      }
      return reply.code(error.statusCode).send(errorBody(error.statusCode, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(500, 'Something went wrong on our side'));
  });

  await registerCompression(app);
  // The live connection (same port): @fastify/websocket handles the upgrade; frames over 64 KiB close it.
  await app.register(websocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD } });
  // Timed work as durable jobs: pg-boss on a PostgreSQL URL, else in-process (jobs/queue.ts).
  const jobs = openJobQueue({ db, log: app.log, now, databaseUrl: opts.databaseUrl, bossSchema: opts.databaseSchema ? `${opts.databaseSchema}_boss` : undefined });
  const pushSender = new PushSender({ db, now, log: app.log, keys: vapidKeys, options: opts.push, jobs });
  const runtime = new BotRuntime({
    db, now, log: app.log, hub, guard, jobs, slowDelayMs: opts.slowBotDelayMs, settleUpload: settle,
    onUndelivered: (userUuid, botUuid, message) => pushSender.notify(userUuid, botUuid, message),
    afterUserMessageStored: opts.afterUserMessageStored,
  });
  const authenticate = sessionAuthenticator(db, now);
  await registerSocket(app, { db, now, hub, runtime, authenticate, guard, allowedOrigins: opts.allowedOrigins, ownOrigin: (request) => publicOrigin(request, security) });

  const idempotency = createIdempotencyStore(db, now, opts.idempotencyTtlMs);
  const api = createApiRouter(app, authenticate, idempotency, guard, webSessionAuthenticator(db, now));
  const shop = shopRoutes({ push: (userUuid, frame) => hub.send(userUuid, frame) });
  const payments = await createPayments(db, now, app.log, opts.payments, opts.payoutSource ?? ledgerPayoutSource(now));
  const pageModules: RouteModule[] = [
    botRoutes({ runtime, cursorSecret, socketOrigin: (request) => socketOrigin(request, security) }),
    shop,
    mediaRoutes({ secret: mediaSecret, storage: media, limits, origin: (request) => publicOrigin(request, security) }),
    botProfileRoutes({ pinLimit: opts.pinLimit }),
    pushRoutes(vapidKeys, opts.push),
    remoteConfigRoutes(remoteFlags),
    // the gated areas (spec part 1 §6): a call of an area that is off for the caller is a 403 feature_off
    gatedModule(competitionArea, remoteFlags, competitionRoutes({ files: media })),
    gatedModule(learningArea, remoteFlags, learningRoutes),
    gatedModule(miniAppArea, remoteFlags, miniAppRoutes),
    gatedModule('posts', remoteFlags, feedRoutes),
    engageRoutes(remoteFlags), rewardsRoutes(remoteFlags),
    payments.routes,
    standaloneRoutes(opts.standaloneHosts ?? {}),
    profileExtraRoutes({ emailSecret, mailer: opts.mailer ?? createMailer(opts.mail ?? {}, app.log), origin: (request) => publicOrigin(request, security) }),
    analyticsRoutes(analytics, { origin: (request) => publicOrigin(request, security) }),
  ];
  for (const register of [...ROUTE_MODULES, ...pageModules]) register(api, ctx);
  // Media bytes (not JSON contract routes): the S3-style upload URL and the Bearer download.
  await registerUpload(app, { db, now, secret: mediaSecret, files: media.files, limits });
  registerDownload(app, { db, now, storage: media, settleUpload: settle });
  registerVerifyEmailPage(app, { db, now }, emailSecret);
  await payments.register(app);
  registerDemoMiniApps(app, { db, now, origin: (request) => publicOrigin(request, security) });
  registerEmbedScript(app);
  registerShortLinks(app, ctx);
  registerAnalyticsAdmin(app, ctx, analytics.adminKey);

  registerVersion(app, versionFile);
  // /healthz for the load balancer (deploy/nginx.conf); 503 once draining (Fastify answers 503 while closing)
  registerHealth(app, db);
  const site = await registerStatic(app, opts.staticDir ?? DEFAULT_STATIC_DIR, { serveSourceMaps: security.serveSourceMaps });
  csp = contentSecurityPolicy(security, site.inlineStyleHashes);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
      const allowed = api.allowedMethods(path);
      if (allowed.length > 0) {
        return reply.code(405).header('allow', allowed.join(', ')).send(errorBody(405, `${path} takes ${allowed.join(' or ')}, not ${request.method}`));
      }
      return reply.code(404).send(errorBody(404, `No API route ${request.method} ${path}`));
    }
    return site.fallback(request, reply) ?? reply.code(404).send(errorBody(404, `Not found: ${path}`));
  });

  await app.ready();
  await jobs.start();
  // Bot replies a previous run stored the message for but never answered (a crash): answered now.
  const resumed = await runtime.resumePending();
  if (resumed > 0) app.log.info({ jobs: resumed }, 'answering bot jobs left by the previous run');

  // Hourly housekeeping (expired sign-in rows, unused uploads, idempotency records, sign-on grants)
  // and the lucky draws; a failure is logged and retried at the next round.
  let sweepRunning: Promise<void> = Promise.resolve();
  const sweep = () => {
    sweepRunning = sweepExpired(db, now(), otpLimits.windowMs)
      .then(() => media.sweep(db, now(), limits.unusedUploadTtlMs))
      .then(() => idempotency.sweep())
      .then(() => sweepGrants(db, now()))
      // the lucky draws of the days that ended (within the hour; a read of the results runs one too)
      .then(() => drawRecentDays(db, now()))
      .catch((err: unknown) => app.log.error({ err }, 'sweep of expired rows failed'));
    return sweepRunning;
  };
  await sweep();
  const sweeping = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  sweeping.unref();
  payments.start();
  // New feed posts reach open sockets as 'feed-post' frames (server/feed/publish.ts).
  const feedAnnouncer = new FeedAnnouncer(db, (frame) => hub.broadcast(frame), app.log);
  await feedAnnouncer.start(opts.feedAnnounceMs);

  const server: Server = {
    app,
    db,
    url: undefined,
    openSockets: (userUuid) => (userUuid === undefined ? hub.total() : hub.count(userUuid)),
    sweep,
    payments,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await app.listen({ port, host });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('server is not listening on TCP');
      const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
      server.url = `http://${shownHost}:${address.port}`;
      return server.url;
    },
    async close() {
      clearInterval(sweeping);
      await feedAnnouncer.stop();
      await sweepRunning;
      await payments.stop();
      // past the grace, connections still busy (a client not reading its answer) are cut
      const cut = setTimeout(() => app.server.closeAllConnections(), opts.shutdownGraceMs ?? 10_000);
      // Drain (issue 19): Fastify stops listening and answers 503 to new requests on kept-alive
      // connections while running ones finish; the live sockets are closed with 1012 so their
      // clients reconnect at once, through the balancer, to a process that stays.
      const closing = app.close();
      hub.closeAll(SERVER_RESTART_CLOSE, 'Server restarting');
      try {
        await closing;
      } finally {
        clearTimeout(cut);
      }
      await cluster.close();
      // running jobs finish first (a reply being stored may queue a push: it waits in the queue's store)
      await jobs.stop();
      await runtime.close();
      await pushSender.idle();
      if (ownsDb) await db.close();
      await media.close();
    },
  };
  return server;
}
