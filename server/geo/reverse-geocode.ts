// POST /geo/reverse-geocode: addresses near a point for the location address picker (spec part 1
// §4 fetch_address). The product would ask an outside geocoding service; the reference server has
// none (and no street data), so this is a mock of one: a few made-up street addresses at fixed
// bearings and distances around the point, the same for the same point (to about 11 m), nearest
// first. Honest about being generated: the labels carry no city or postcode.
import { routes, type NearbyAddress } from '../../src/api/contract';
import { EARTH_RADIUS_M } from '../../src/domain/constants';
import type { RouteModule } from '../context';

const STREETS = ['Station Road', 'Temple Street', 'Market Lane', 'Lake View Road', 'School Road', 'Gandhi Nagar', 'Nehru Street', 'Park Avenue', 'Old Mill Road', 'Canal Road', 'Hill Side Lane', 'Bazaar Road'];
/** [bearing in degrees, distance in metres] of the generated places. */
const PLACES: readonly [number, number][] = [[0, 0], [40, 18], [130, 35], [220, 60], [310, 95]];

function seedOf(lat: number, lng: number): number {
  // FNV-1a over the point rounded to 4 decimals.
  let h = 0x811c9dc5;
  for (const c of `${lat.toFixed(4)},${lng.toFixed(4)}`) {
    h ^= c.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The point `metres` away from (lat, lng) towards `bearing` degrees. */
function destination(lat: number, lng: number, bearing: number, metres: number): { latitude: number; longitude: number } {
  const r = Math.PI / 180;
  const d = metres / EARTH_RADIUS_M;
  const lat1 = lat * r;
  const brng = bearing * r;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(brng));
  const lng2 = lng * r + Math.atan2(Math.sin(brng) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return { latitude: round(lat2 / r), longitude: round((((lng2 / r + 540) % 360) - 180)) };
}

export function nearbyAddresses(lat: number, lng: number): NearbyAddress[] {
  const seed = seedOf(lat, lng);
  return PLACES.map(([bearing, metres], i) => {
    const street = STREETS[(seed + i * 5) % STREETS.length]!;
    const number = 1 + ((seed >>> (i * 3)) % 180);
    return { label: `${number}, ${street}`, ...destination(lat, lng, bearing, metres) };
  });
}

export const reverseGeocodeRoutes: RouteModule = (api) => {
  api.authRoute(routes.reverseGeocode, async ({ body }) => ({ addresses: nearbyAddresses(body.latitude, body.longitude) }));
};
