// Sign-in of fresh users over real HTTP against the reference server in this process:
// send-otp, verify-otp, then an authenticated get-profile, at concurrency 1 and 8, compared
// with GET /version.json (same server, same client, same concurrency, no database work).
import { performance } from 'node:perf_hooks';
import { ROUTE_TABLE } from '../src/api/route-table';
import { API_BASE, HEADER } from '../src/api/headers';
import { createServer } from '../server/app';
import { runLoad, statsOf, type Bench, type BenchCase } from './lib';
import { BENCH_SERVER_LIMITS } from './server-limits';

/** Each concurrency: users signed in, and GET /version.json requests for the reference. */
const PLAN = [
  { concurrency: 1, users: 500, referenceRequests: 4000 },
  { concurrency: 8, users: 1000, referenceRequests: 8000 },
] as const;
const WARM_UP = { users: 100, referenceRequests: 1000 };
const OTP = '1234';
const HOST = '127.0.0.1';

// What the app's client sends on every call (spec part 1 §7); the reference gets them too, so
// both sides pay for the same header work.
const COMMON_HEADERS = { [HEADER.packageName]: 'pwa', [HEADER.versionName]: '0.1.0', [HEADER.language]: 'en' };

const bench: Bench = async () => {
  const server = await createServer({ dataDir: 'memory://', otpFixed: OTP, ...BENCH_SERVER_LIMITS });
  try {
    const base = await server.listen({ port: 0, host: HOST });
    if (new URL(base).hostname !== HOST) throw new Error(`server is not on loopback: ${base}`);
    let connections = 0;
    server.app.server.on('connection', () => connections++);

    // Fresh, valid Indian numbers in order: no number is ever asked a code twice, so no
    // resend or hourly limit can answer instead of the database.
    let nextMobile = 0;
    const freshMobile = () => `+919${String(nextMobile++).padStart(9, '0')}`;

    async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
      const init: RequestInit = { method, headers: { ...COMMON_HEADERS, ...headers } };
      if (body !== undefined) {
        init.headers = { ...init.headers, 'content-type': 'application/json' };
        init.body = JSON.stringify(body);
      }
      const response = await fetch(base + path, init);
      // Reading the whole body also hands the socket back to the keep-alive pool.
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
      return JSON.parse(text) as unknown;
    }

    const api = (name: keyof typeof ROUTE_TABLE) => API_BASE + ROUTE_TABLE[name].path;
    const steps = { sendOtp: [] as number[], verifyOtp: [] as number[], getProfile: [] as number[] };

    async function signIn(): Promise<void> {
      const mobile = freshMobile();
      let t = performance.now();
      await call('POST', api('sendOtp'), { mobile });
      steps.sendOtp.push(performance.now() - t);
      t = performance.now();
      const tokens = await call('POST', api('verifyOtp'), { mobile, otp: OTP });
      steps.verifyOtp.push(performance.now() - t);
      const token = typeof tokens === 'object' && tokens !== null && 'token' in tokens ? tokens.token : undefined;
      if (typeof token !== 'string') throw new Error('verify-otp answered no session token');
      t = performance.now();
      const profile = await call('GET', api('getProfile'), undefined, { [HEADER.mobile]: mobile, [HEADER.sessionId]: token });
      steps.getProfile.push(performance.now() - t);
      if (typeof profile !== 'object' || profile === null) throw new Error('get-profile answered no profile');
    }
    const version = async () => {
      await call('GET', '/version.json');
    };
    const clearSteps = () => {
      for (const list of Object.values(steps)) list.length = 0;
    };

    // Warm-up: JIT, PGlite's plan and buffer caches, the keep-alive pool up to the widest concurrency.
    const widest = Math.max(...PLAN.map((p) => p.concurrency));
    await runLoad(WARM_UP.referenceRequests, widest, version);
    await runLoad(WARM_UP.users, widest, signIn);
    clearSteps();
    const connectionsAfterWarmUp = connections;
    let timed = 0;

    const cases: BenchCase[] = [];
    for (const { concurrency, users, referenceRequests } of PLAN) {
      const reference = await runLoad(referenceRequests, concurrency, version);
      const flows = await runLoad(users, concurrency, signIn);
      timed += reference.ops + flows.ops * 3;
      const step = (label: string, list: number[]) => ({ label, unit: 'request', stats: statsOf(list, concurrency, 0) });
      cases.push({
        name: `concurrency ${concurrency}`,
        reference: { label: 'GET /version.json', unit: 'request', stats: reference },
        measured: [
          { label: 'sign-in (3 requests)', unit: 'sign-in', stats: flows },
          step('  POST send-otp', steps.sendOtp),
          step('  POST verify-otp', steps.verifyOtp),
          step('  GET get-profile', steps.getProfile),
        ],
      });
      clearSteps();
    }

    const newConnections = connections - connectionsAfterWarmUp;
    return {
      subject: 'full sign-in of a fresh user: POST send-otp, POST verify-otp (fixed code), authenticated GET get-profile',
      reference: 'GET /version.json: same server, same client, same concurrency, no database work',
      notes: [
        `server: createServer({ dataDir: 'memory://', otpFixed }) at ${base}, logger off; client: Node's fetch (undici), keep-alive, closed loop`,
        `warm-up: ${WARM_UP.referenceRequests} GET /version.json and ${WARM_UP.users} sign-ins at concurrency ${widest}, not counted`,
        `keep-alive: ${connectionsAfterWarmUp} TCP connections opened during warm-up, ${newConnections} during the ${timed} timed requests`,
        'PGlite is one connection: queries and transactions of all requests run one at a time, so at concurrency > 1 the sign-in latency measures queueing and throughput is the figure to read',
        'client, server and PGlite (WebAssembly) share one Node process and its one JS thread: every figure includes the client\'s own cost, on both sides of each ratio',
        'sign-in throughput counts whole sign-ins (3 requests each); the reference counts single requests. Step rows: latency of each request within the sign-ins (no throughput of their own)',
      ],
      cases,
    };
  } finally {
    await server.close();
  }
};

export default bench;
