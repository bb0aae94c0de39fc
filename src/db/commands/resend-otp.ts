import { DEFAULT_AUTH_FLOW } from '../defaults';
import { getClient } from '../client';
import type { CommandResult } from '../command-result';
import { patchLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

/** send-otp again for auth-flow.mobile (the 59 s wait is counted by the UI from auth-flow.otpSentAt). */
export async function resendOtp(): Promise<CommandResult> {
  await patchLocalDoc(getClient().db, 'auth-flow', { requestStatus: 'pending', error: null }, DEFAULT_AUTH_FLOW);
  return runEngine('resendOtp');
}
