import { describe, expect, it } from 'vitest';
import { distanceMetres, fromWorld, offsetBy, toWorld } from '../../../src/domain/map-projection';

describe('map projection', () => {
  it('world pixels and back', () => {
    const p = { lat: 17.385044, lng: 78.486671 };
    const back = fromWorld(toWorld(p, 18), 18);
    expect(back.lat).toBeCloseTo(p.lat, 7);
    expect(back.lng).toBeCloseTo(p.lng, 7);
    expect(toWorld({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
  });
  it('at zoom 18 a pixel near the equator is about 0.6 m (Earth radius 6371 km)', () => {
    const a = { lat: 0, lng: 0 };
    const d = distanceMetres(a, offsetBy(a, 100, 0, 18));
    expect(d).toBeGreaterThan(55);
    expect(d).toBeLessThan(65);
    expect(distanceMetres({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_195, -1);
  });
});
