import type { StateEntry } from '../../api/contract';
import type { CountryIso } from '../../domain/countries';
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** get-states; the list is cached in the geo-cache local document and served from it offline. */
export function loadStates(country: CountryIso): Promise<CommandResult<StateEntry[]>> {
  return runEngine('loadStates', country);
}
