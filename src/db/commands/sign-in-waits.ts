// The sign-in waits (the 'sign-in-waits' local document, rules in src/domain/sign-in-wait.ts):
// the sign-in commands record a wait the server named (Retry-After) for the number, and forget it
// when a code is accepted or sent; the OTP and login screens read it (useSignInWait) after a reload.
import { endSignInWait, startSignInWait, type SignInWaitKind } from '../../domain/sign-in-wait';
import type { AppDatabase } from '../database';
import { ok, type CommandResult } from '../command-result';
import { modifyLocalDoc } from '../local-store';
import { getClient } from '../client';

/** After a sign-in call for `mobile`: a refusal with Retry-After starts its wait; success ends it. */
export async function recordSignInWait(db: AppDatabase, mobile: string | null, kind: SignInWaitKind, result: CommandResult, waitStatuses: readonly number[]): Promise<void> {
  if (!mobile) return;
  const now = Date.now();
  if (result.ok) {
    await modifyLocalDoc(db, 'sign-in-waits', (current) => ({ waits: endSignInWait(current?.waits ?? {}, mobile, now) }));
    return;
  }
  const { status, retryAfterSeconds } = result.error;
  if (retryAfterSeconds === undefined || retryAfterSeconds <= 0 || status === undefined || !waitStatuses.includes(status)) return;
  await modifyLocalDoc(db, 'sign-in-waits', (current) => ({ waits: startSignInWait(current?.waits ?? {}, mobile, kind, retryAfterSeconds, now) }));
}

/** A wait the screen saw end: forget it (nothing else needs it). */
export async function endSignInWaitOf(mobile: string, kind: SignInWaitKind): Promise<CommandResult> {
  await modifyLocalDoc(getClient().db, 'sign-in-waits', (current) => ({ waits: endSignInWait(current?.waits ?? {}, mobile, Date.now(), kind) }));
  return ok();
}
