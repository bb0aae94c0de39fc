import { DEFAULT_AUTH_FLOW } from '../defaults';
import { getClient } from '../client';
import type { CommandResult } from '../command-result';
import { patchLocalDoc } from '../local-store';
import { runEngine } from './run-engine';
import { recordSignInWait } from './sign-in-waits';

/** send-otp again for auth-flow.mobile (the 59 s wait is counted by the UI from auth-flow.otpSentAt). */
/** A refusal with Retry-After (423 / 429) is kept in 'sign-in-waits' for the number until it ends. */
export async function resendOtp(): Promise<CommandResult> {
  const db = getClient().db;
  const flow = await patchLocalDoc(db, 'auth-flow', { requestStatus: 'pending', error: null }, DEFAULT_AUTH_FLOW);
  const result = await runEngine('resendOtp');
  await recordSignInWait(db, flow.mobile, 'request', result, [423, 429]);
  return result;
}
