import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';
import { clearSignedInData } from '../session-data';
import { runEngine } from './run-engine';

/** Signs out: session and onboarding data go even if the server call (or the worker) fails. */
export async function logout(): Promise<CommandResult> {
  const res = await runEngine('logout');
  if (!res.ok) await clearSignedInData(getClient().db);
  return ok();
}
