// The real reference server serving the built app (dist/) on an ephemeral loopback port, with
// an in-memory PGlite database and a fixed sign-in code so browser tests can type it.
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { createServer, type Server, type ServerOptions } from '../../../server/app';
import { GENEROUS_OTP_LIMITS } from '../../../server/config/otp-limits';

export const TEST_OTP = '1234';

export async function startAppServer(opts: { port?: number; now?: () => number; server?: ServerOptions } = {}): Promise<Server & { url: string }> {
  // E2E_DIST: another build to test (a second checkout's, or one made while a run uses dist/)
  const staticDir = process.env.E2E_DIST ?? resolve(import.meta.dirname, '../../../dist');
  if (!existsSync(resolve(staticDir, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first (npm run test:e2e does)');
  // Every page and test signs in from 127.0.0.1: the per-address, global and country caps of
  // sign-in are lifted (GENEROUS_OTP_LIMITS); the per-number rules stay as in production.
  const server = await createServer({
    dataDir: 'memory://', otpFixed: TEST_OTP, staticDir, ...(opts.now ? { now: opts.now } : {}), ...opts.server,
    otpLimits: { ...GENEROUS_OTP_LIMITS, ...opts.server?.otpLimits },
  });
  const url = await server.listen({ port: opts.port ?? 0 });
  return Object.assign(server, { url });
}

let counter = 0;
/** A fresh Indian mobile number per call, so tests sharing a server never share a user. */
export function freshNationalNumber(): string {
  counter += 1;
  const n = (Date.now() % 1_000_000) * 100 + counter;
  return `9${String(n).padStart(9, '0').slice(-9)}`;
}
