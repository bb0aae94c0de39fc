import { DEFAULT_AUTH_FLOW } from '../defaults';
import { whenClient } from '../client';
import type { CommandResult } from '../command-result';
import { patchLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

/** send-otp for `mobile` (full number, e.g. +919876543210); auth-flow moves pending → fulfilled/rejected. */
export async function requestOtp(mobile: string): Promise<CommandResult> {
  // a signed-out start may show the login screen before its client has started: wait for it
  await patchLocalDoc((await whenClient()).db, 'auth-flow', { mobile, requestStatus: 'pending', error: null }, DEFAULT_AUTH_FLOW);
  return runEngine('requestOtp', mobile);
}
