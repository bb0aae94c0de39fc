// `npm run server` / `npm start`: the reference server, configured from the environment
// (server/README.md lists the variables).
import { join } from 'node:path';
import { createServer } from './app';
import { parseStandaloneHosts } from './accounts/standalone';
import { startEmbedDemoHost } from './embed/embed';
import { otpLimitsFromEnv, resolveOtpLimits, type OtpLimits } from './config/otp-limits';
import { securityFromEnv, type SecurityOptions } from './config/security';
import { floodLimitsFromEnv, type FloodLimits } from './config/flood-limits';
import { uploadLimitsFromEnv, type UploadLimits } from './config/upload-limits';
import { s3FromEnv, type S3Options } from './media/storage';
import { analyticsFromEnv, resolveAnalytics, type AnalyticsOptions } from './config/analytics';

function env(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const port = Number(env('PORT') ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, got ${env('PORT')}`);
const host = env('HOST') ?? '127.0.0.1';
const otpFixed = env('OTP_FIXED');
if (otpFixed !== undefined && !/^\d{4}$/.test(otpFixed)) fail('OTP_FIXED must be 4 digits');
const versionCodeText = env('VERSION_CODE');
const versionCode = versionCodeText === undefined ? undefined : Number(versionCodeText);
if (versionCode !== undefined && !Number.isSafeInteger(versionCode)) fail('VERSION_CODE must be an integer');
const idempotencyHoursText = env('IDEMPOTENCY_TTL_HOURS');
const idempotencyHours = idempotencyHoursText === undefined ? undefined : Number(idempotencyHoursText);
if (idempotencyHours !== undefined && !(idempotencyHours > 0)) fail('IDEMPOTENCY_TTL_HOURS must be a positive number of hours');
let otpLimits: Partial<OtpLimits> = {};
try {
  otpLimits = otpLimitsFromEnv(process.env);
  resolveOtpLimits(otpLimits); // checked here, so a bad value stops the start with its message
} catch (error) {
  fail((error as Error).message);
}
// TRUST_PROXY: unset or false, the socket's peer is the client; true, the left-most
// X-Forwarded-For; else a comma-separated list of the proxies' addresses or CIDRs to believe.
const trustProxyText = env('TRUST_PROXY');
const trustProxy = trustProxyText === undefined || trustProxyText === 'false' ? false : trustProxyText === 'true' ? true : trustProxyText;
let security: SecurityOptions = {};
try {
  security = securityFromEnv(); // PUBLIC_URL, HSTS_MAX_AGE, SERVE_SOURCE_MAPS, FRAME_ANCESTORS
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
let floodLimits: Partial<FloodLimits> = {};
try {
  floodLimits = floodLimitsFromEnv(process.env);
} catch (error) {
  fail((error as Error).message);
}
// The embedded mode's demo website on a second origin (server/embed/README.md): it may frame the app.
const embedDemoPort = env('EMBED_DEMO_PORT') === undefined ? undefined : Number(env('EMBED_DEMO_PORT'));
if (embedDemoPort !== undefined && (!Number.isInteger(embedDemoPort) || embedDemoPort <= 0 || embedDemoPort > 65535)) fail(`EMBED_DEMO_PORT must be a port number, got ${env('EMBED_DEMO_PORT')}`);
if (embedDemoPort !== undefined) {
  security = { ...security, frameAncestors: [...(security.frameAncestors ?? []), `http://127.0.0.1:${embedDemoPort}`, `http://localhost:${embedDemoPort}`] };
}
// Standalone mode on a mapped host: where "Open the full app" leads (an http(s) address).
const fullAppUrl = env('FULL_APP_URL')?.replace(/\/$/, '');
if (fullAppUrl !== undefined && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(fullAppUrl)) fail(`FULL_APP_URL must be an http(s) address, got ${fullAppUrl}`);
// Standalone mode: host names mapped to the bot they open ("chat.example.org=1000000000000001,...").
let standaloneHosts: Record<string, string> = {};
try {
  standaloneHosts = parseStandaloneHosts(env('STANDALONE_HOSTS'));
} catch (error) {
  fail((error as Error).message);
}
// How long the slow demo bot thinks before answering (ms); tests of delayed replies lengthen it.
const slowBotDelayText = env('SLOW_BOT_DELAY_MS');
const slowBotDelayMs = slowBotDelayText === undefined ? undefined : Number(slowBotDelayText);
if (slowBotDelayMs !== undefined && !(Number.isInteger(slowBotDelayMs) && slowBotDelayMs >= 0)) fail('SLOW_BOT_DELAY_MS must be a whole number of milliseconds');
const databaseUrl = env('DATABASE_URL');
// Cluster mode (issue 19): several identical processes share this PostgreSQL and this Redis.
const redisUrl = env('REDIS_URL');
if (redisUrl && !databaseUrl) fail('REDIS_URL (cluster mode) needs DATABASE_URL too: the processes must share one PostgreSQL');
const dataDir = env('DATA_DIR') ?? './data';
// Uploaded media: MEDIA_DIR, else media/ in the data directory (with PostgreSQL too).
const mediaDir = env('MEDIA_DIR') ?? join(dataDir, 'media');
// Storage quota, free disk, unused-upload sweep and timeouts (server/config/upload-limits.ts).
let uploadLimits: Partial<UploadLimits> = {};
try {
  uploadLimits = uploadLimitsFromEnv(process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
// Analytics providers, Google's Measurement Protocol and the admin page's key (server/config/analytics.ts).
let analytics: AnalyticsOptions = {};
try {
  analytics = analyticsFromEnv(process.env);
  resolveAnalytics(analytics);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// Media in S3 when S3_BUCKET is set (S3_ENDPOINT, S3_REGION; AWS_* credentials): media/storage.ts.
let s3: S3Options | undefined;
try {
  s3 = s3FromEnv(process.env);
} catch (error) {
  fail((error as Error).message);
}

const server = await createServer({
  ...(s3 ? { s3 } : {}),
  ...(databaseUrl ? { databaseUrl } : { dataDir }),
  ...(redisUrl ? { redisUrl } : {}),
  mediaDir,
  uploadLimits,
  ...(otpFixed ? { otpFixed } : {}),
  otpLimits,
  trustProxy,
  ...(versionCode !== undefined ? { versionCode } : {}),
  ...(idempotencyHours !== undefined ? { idempotencyTtlMs: idempotencyHours * 3600_000 } : {}),
  security,
  // Tests only (test/integration/bot-jobs-crash.test.ts): die at once, as kill -9 would, after the
  // first user message and its bot job are committed and before the bot answers.
  ...(env('TEST_CRASH_POINT') === 'after-user-message' ? { afterUserMessageStored: () => process.kill(process.pid, 'SIGKILL') } : {}),
  floodLimits,
  ...(slowBotDelayMs !== undefined ? { slowBotDelayMs } : {}),
  standaloneHosts,
  ...(fullAppUrl !== undefined ? { fullAppUrl } : {}),
  mail: { smtpUrl: env('SMTP_URL'), from: env('MAIL_FROM') },
  analytics,
  logger: { level: env('LOG_LEVEL') ?? 'info' },
});
const url = await server.listen({ port, host });
if (embedDemoPort !== undefined) {
  // the app's address as a browser on this machine sees it (PUBLIC_URL when set)
  const appOrigin = env('PUBLIC_URL')?.replace(/\/$/, '') ?? `http://localhost:${port}`;
  const demo = await startEmbedDemoHost({ port: embedDemoPort, appOrigin: () => appOrigin, botId: env('EMBED_DEMO_BOT') ?? '1000000000000001' });
  server.app.log.info({ url: demo.url }, 'embedded-mode demo website (a second origin)');
}
server.app.log.info({ url, storage: databaseUrl ? 'postgres' : `pglite:${env('DATA_DIR') ?? './data'}`, cluster: redisUrl ? 'redis' : 'single process' }, `open ${url} in a browser`);
if (!security.publicUrl && process.env.NODE_ENV === 'production') server.app.log.warn('PUBLIC_URL is not set: socket and upload URLs name the address a request arrived on');
if (otpFixed) server.app.log.warn(`OTP_FIXED is set: every sign-in code is ${otpFixed}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    server.app.log.warn(`${signal} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  server.app.log.info(`${signal}: shutting down`);
  try {
    await server.close(); // Fastify first (finishes running requests), then the database.
    process.exit(0);
  } catch (error) {
    server.app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
