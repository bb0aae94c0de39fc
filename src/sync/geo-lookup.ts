// Addresses near a point for the location address picker (spec part 1 §4 fetch_address), through
// POST /geo/reverse-geocode. Optional help, not a step the user must pass: a failure raises no
// connectivity or server dialog (the picker shares the position without an address), it only
// answers the error.
import type { NearbyAddress } from '../api/contract';
import { BadStatusError, NoResponseError, errorForStatus, somethingWentWrongError } from '../domain/errors';
import { failed, ok, type CommandResult } from '../db/command-result';
import type { HttpClient } from './http-client';

export interface GeoFlows {
  lookUpAddresses(latitude: number, longitude: number): Promise<CommandResult<NearbyAddress[]>>;
}

export function createGeoLookup(http: HttpClient): GeoFlows {
  return {
    async lookUpAddresses(latitude, longitude) {
      try {
        const answer = await http.call('reverseGeocode', { latitude, longitude });
        return ok(answer.addresses);
      } catch (err) {
        if (err instanceof NoResponseError) return failed(errorForStatus(0));
        if (err instanceof BadStatusError) return failed(errorForStatus(err.status, err.serverMessage));
        return failed(somethingWentWrongError());
      }
    },
  };
}
