import { DEFAULT_AUTH_FLOW } from '../defaults';
import { getClient } from '../client';
import type { CommandResult } from '../command-result';
import { patchLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

/** send-otp for `mobile` (full number, e.g. +919876543210); auth-flow moves pending → fulfilled/rejected. */
export async function requestOtp(mobile: string): Promise<CommandResult> {
  await patchLocalDoc(getClient().db, 'auth-flow', { mobile, requestStatus: 'pending', error: null }, DEFAULT_AUTH_FLOW);
  return runEngine('requestOtp', mobile);
}
