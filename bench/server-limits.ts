// The reference server's abuse limits (issue 21), lifted for the benchmarks: they measure how
// fast the code path is (1,000 queued sends flushed at once, sign-ins back to back from one
// address), which the production defaults would pace on purpose (100 sends then 5 a second per
// user; 30 codes an hour per address). The limits themselves are measured by `npm run abuse`.
import type { ServerOptions } from '../server/app';
import { GENEROUS_OTP_LIMITS } from '../server/config/otp-limits';

const UNLIMITED = { burst: 1_000_000, perSecond: 1_000_000 };

export const BENCH_SERVER_LIMITS: Pick<ServerOptions, 'otpLimits' | 'floodLimits'> = {
  otpLimits: GENEROUS_OTP_LIMITS,
  floodLimits: { socketFrames: UNLIMITED, userSends: UNLIMITED, userCalls: UNLIMITED, addressCalls: UNLIMITED },
};
