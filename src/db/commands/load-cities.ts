import type { CityEntry } from '../../api/contract';
import type { CountryIso } from '../../domain/countries';
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** get-cities; cached like loadStates. */
export function loadCities(country: CountryIso, stateCode: string): Promise<CommandResult<CityEntry[]>> {
  return runEngine('loadCities', country, stateCode);
}
