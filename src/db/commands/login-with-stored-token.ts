import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** login-with-token with the stored login token; a refusal clears the stored login data and caches. */
export function loginWithStoredToken(): Promise<CommandResult> {
  return runEngine('loginWithStoredToken');
}
