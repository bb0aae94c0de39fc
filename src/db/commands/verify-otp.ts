import { DEFAULT_AUTH_FLOW } from '../defaults';
import { getClient } from '../client';
import type { CommandResult } from '../command-result';
import { patchLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

/** verify-otp for auth-flow.mobile; on success the session and the profile are stored. */
export async function verifyOtp(otp: string): Promise<CommandResult> {
  await patchLocalDoc(getClient().db, 'auth-flow', { confirmStatus: 'pending', error: null }, DEFAULT_AUTH_FLOW);
  return runEngine('verifyOtp', otp);
}
