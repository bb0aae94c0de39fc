// What an abuse scenario of `npm run abuse` is (scripts/abuse.ts runs them): something bad one
// user does to the server, bounded in time. The runner measures another user's latency and the
// server's memory before, during and after it; the scenario only does the abuse and says, in a
// short note, what the server answered (refusals, closes).
import type { AbuseTarget } from './target';

export interface AbuseScenario {
  /** Short name, shown in the table and accepted by ABUSE_SCENARIOS. */
  name: string;
  /** Runs the abuse once; resolves with a one-line note when it is over (within about 30 s). */
  run(target: AbuseTarget): Promise<string>;
}
