import type { NearbyAddress } from '../../api/contract';
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** Addresses near a point (reverse-geocode) for the address picker; offline it fails quietly. */
export function lookUpAddresses(latitude: number, longitude: number): Promise<CommandResult<NearbyAddress[]>> {
  return runEngine('lookUpAddresses', latitude, longitude);
}
