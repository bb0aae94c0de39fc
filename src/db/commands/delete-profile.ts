import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** delete-profile { device_id }; on success the user is signed out and cached data dropped. */
export function deleteProfile(reasonUuid?: string): Promise<CommandResult> {
  return reasonUuid ? runEngine('deleteProfile', reasonUuid) : runEngine('deleteProfile');
}
