// Web Mercator for the map widget (spec part 1 §2 map widget, §9 zoom 18): degrees to world
// pixels of 256-px tiles and back, so the widget can draw the tile grid around a point and turn a
// tap on the map into the degrees the pin moves to. Distances use EARTH_RADIUS_M.
import { EARTH_RADIUS_M } from './constants';

export const TILE_SIZE = 256;
const MAX_LAT = 85.05112878;

export interface LatLng { lat: number; lng: number }

export function toWorld(p: LatLng, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-MAX_LAT, Math.min(MAX_LAT, p.lat));
  const s = Math.sin((lat * Math.PI) / 180);
  return { x: ((p.lng + 180) / 360) * scale, y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * scale };
}

export function fromWorld(w: { x: number; y: number }, zoom: number): LatLng {
  const scale = TILE_SIZE * 2 ** zoom;
  const lng = (w.x / scale) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * w.y) / scale;
  const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
  return { lat, lng: ((((lng + 180) % 360) + 360) % 360) - 180 };
}

/** The point `dx`, `dy` screen pixels away from `p` at `zoom`. */
export function offsetBy(p: LatLng, dx: number, dy: number, zoom: number): LatLng {
  const w = toWorld(p, zoom);
  return fromWorld({ x: w.x + dx, y: w.y + dy }, zoom);
}

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const r = Math.PI / 180;
  const dLat = (b.lat - a.lat) * r;
  const dLng = (b.lng - a.lng) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
