import type { Profile } from '../../api/contract';
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** get-profile into the profile document (e.g. at start when session.profileDetailsFetched is false). */
export function refreshProfile(): Promise<CommandResult<Profile>> {
  return runEngine('refreshProfile');
}
