// One server process of `npm run load` (scripts/load.ts) and `npm run throughput`
// (scripts/throughput.ts): the reference server in cluster mode on the given PostgreSQL
// (DATABASE_URL) and Redis (REDIS_URL), or on PostgreSQL alone (no REDIS_URL), or on embedded
// PGlite in DATA_DIR (no DATABASE_URL; for throughput's sign-in comparison); the abuse limits
// lifted as for the benchmarks (a load test signs in hundreds of users from one address;
// bench/server-limits.ts), sign-in codes fixed.
// Listens on PORT (default: any free port), tells its parent its URL, answers 'stats' with its
// memory and CPU time, drains on SIGTERM. Also the server processes of the fault tests (test/fault/).
import { createServer } from '../../server/app';
import { BENCH_SERVER_LIMITS } from '../../bench/server-limits';

const databaseUrl = process.env.DATABASE_URL || undefined;
const redisUrl = process.env.REDIS_URL || undefined;
const dataDir = process.env.DATA_DIR || undefined;
if (!(databaseUrl || dataDir) || !process.send) throw new Error('load-server: started by scripts/load.ts or scripts/throughput.ts with DATABASE_URL (and REDIS_URL) or DATA_DIR');

const server = await createServer({
  ...(databaseUrl ? { databaseUrl, redisUrl } : { dataDir }),
  otpFixed: process.env.OTP_FIXED ?? '1234',
  logger: false,
  // tens of thousands of sockets of a few users: the per-user socket cap is lifted too
  ...BENCH_SERVER_LIMITS,
  floodLimits: { ...BENCH_SERVER_LIMITS.floodLimits, socketsPerUser: 1_000_000 },
});
const url = await server.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send({ kind: 'ready', url });
process.on('message', (message: { kind?: string }) => {
  if (message.kind !== 'stats') return;
  const cpu = process.cpuUsage();
  process.send?.({ kind: 'stats', rssBytes: process.memoryUsage().rss, heapBytes: process.memoryUsage().heapUsed, cpuMicros: cpu.user + cpu.system });
});
process.on('SIGTERM', () => void server.close().then(() => process.exit(0), () => process.exit(1)));
