// One server process of `npm run load` (scripts/load.ts): the reference server in cluster mode on
// the given PostgreSQL and Redis, the abuse limits lifted as for the benchmarks (a load test
// signs in hundreds of users from one address; bench/server-limits.ts), sign-in codes fixed.
// Listens on PORT (default: any free port), tells its parent its URL, answers 'stats' with its
// memory, drains on SIGTERM. Also the server processes of the fault tests (test/fault/).
import { createServer } from '../../server/app';
import { BENCH_SERVER_LIMITS } from '../../bench/server-limits';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl || !process.send) throw new Error('load-server: started by scripts/load.ts with DATABASE_URL and REDIS_URL');

const server = await createServer({
  databaseUrl,
  redisUrl,
  otpFixed: process.env.OTP_FIXED ?? '1234',
  logger: false,
  // tens of thousands of sockets of a few users: the per-user socket cap is lifted too
  ...BENCH_SERVER_LIMITS,
  floodLimits: { ...BENCH_SERVER_LIMITS.floodLimits, socketsPerUser: 1_000_000 },
});
const url = await server.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send({ kind: 'ready', url });
process.on('message', (message: { kind?: string }) => {
  if (message.kind === 'stats') process.send?.({ kind: 'stats', rssBytes: process.memoryUsage().rss, heapBytes: process.memoryUsage().heapUsed });
});
process.on('SIGTERM', () => void server.close().then(() => process.exit(0), () => process.exit(1)));
