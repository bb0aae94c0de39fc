// POST /geo/reverse-geocode: the mock geocoder behind the location address picker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres } from '../../src/domain/map-projection';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('reverse-geocode', () => {
  it('answers five addresses within 100 m, nearest first, the same for the same point', async () => {
    const me = await t.signIn();
    const at = { latitude: 17.385044, longitude: 78.486671 };
    const { addresses } = await t.ok('reverseGeocode', at, { session: me });
    expect(addresses).toHaveLength(5);
    const metres = addresses.map((a) => distanceMetres({ lat: at.latitude, lng: at.longitude }, { lat: a.latitude, lng: a.longitude }));
    expect(metres[0]).toBeLessThan(1);
    expect(Math.max(...metres)).toBeLessThan(100);
    expect([...metres].sort((a, b) => a - b)).toEqual(metres);
    for (const a of addresses) expect(a.label).toMatch(/^\d+, [A-Za-z ]+$/);
    expect((await t.ok('reverseGeocode', at, { session: me })).addresses).toEqual(addresses);
    const elsewhere = await t.ok('reverseGeocode', { latitude: 18.52043, longitude: 73.856743 }, { session: me });
    expect(elsewhere.addresses.map((a) => a.label)).not.toEqual(addresses.map((a) => a.label));
  });

  it('works at the edges (poles, the antimeridian)', async () => {
    const me = await t.signIn();
    for (const at of [{ latitude: 90, longitude: 180 }, { latitude: -90, longitude: -180 }, { latitude: 0, longitude: 179.9999 }]) {
      const { addresses } = await t.ok('reverseGeocode', at, { session: me });
      for (const a of addresses) {
        expect(Math.abs(a.latitude)).toBeLessThanOrEqual(90);
        expect(Math.abs(a.longitude)).toBeLessThanOrEqual(180);
      }
    }
  });

  it('refuses bad input with a 400 and callers without a session with a 401', async () => {
    const me = await t.signIn();
    for (const body of [{ latitude: 91, longitude: 0 }, { latitude: 0, longitude: -181 }, { latitude: '17.3', longitude: 78 }, { latitude: 1 }, { latitude: 1, longitude: 2, extra: true }]) {
      const answer = await t.call('reverseGeocode', body as never, { session: me });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('reverseGeocode', { latitude: 1, longitude: 2 })).status).toBe(401);
  });
});
