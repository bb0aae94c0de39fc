import { ok, type CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** update-profile { country_code (the profile's), state_code, city }. */
export async function saveLocation(stateCode: string, city: string): Promise<CommandResult> {
  const res = await runEngine('saveLocation', stateCode, city.trim());
  return res.ok ? ok() : res;
}
