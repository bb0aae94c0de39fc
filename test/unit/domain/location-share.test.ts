import { describe, expect, it } from 'vitest';
import { LOCATION_FETCHING_RESET_MS, NOTICE_AUTO_HIDE_MS } from '../../../src/domain/constants';
import { MSG } from '../../../src/domain/errors';
import {
  INITIAL_LOCATION_SHARE,
  addressAnswer,
  degreesText,
  isFetching,
  locationRoute,
  nextChangeAt,
  positionFailed,
  positionReceived,
  tapShare,
  visibleNotice,
} from '../../../src/domain/location-share';

describe('location sharing state machine (spec part 1 §4, §8, §9)', () => {
  it('idle → fetching with the Fetching Location... notice, which hides after 1 s', () => {
    const t0 = 1_000_000;
    const { state, start } = tapShare(INITIAL_LOCATION_SHARE, t0);
    expect(start).toBe(true);
    expect(state.phase).toBe('fetching');
    expect(isFetching(state, t0)).toBe(true);
    expect(visibleNotice(state, t0)).toBe(MSG.locationNotice.fetching);
    expect(visibleNotice(state, t0 + NOTICE_AUTO_HIDE_MS - 1)).toBe(MSG.locationNotice.fetching);
    expect(visibleNotice(state, t0 + NOTICE_AUTO_HIDE_MS)).toBeNull();
    expect(NOTICE_AUTO_HIDE_MS).toBe(1000);
  });

  it('a second tap while fetching only shows the please-wait notice', () => {
    const t0 = 5_000;
    const first = tapShare(INITIAL_LOCATION_SHARE, t0).state;
    const second = tapShare(first, t0 + 10_000);
    expect(second.start).toBe(false);
    expect(second.state.phase).toBe('fetching');
    expect(second.state.since).toBe(t0);
    expect(visibleNotice(second.state, t0 + 10_000)).toBe(MSG.locationNotice.pleaseWait);
    expect(visibleNotice(second.state, t0 + 11_000)).toBeNull();
  });

  it('the fetching flag resets itself after 61 s: a tap then starts a new fetch', () => {
    expect(LOCATION_FETCHING_RESET_MS).toBe(61_000);
    const t0 = 0;
    const s = tapShare(INITIAL_LOCATION_SHARE, t0).state;
    expect(isFetching(s, t0 + 60_999)).toBe(true);
    expect(tapShare(s, t0 + 60_999).start).toBe(false);
    expect(isFetching(s, t0 + 61_000)).toBe(false);
    const again = tapShare(s, t0 + 61_000);
    expect(again.start).toBe(true);
    expect(again.state.since).toBe(61_000);
  });

  it('success → sent with Location fetched; failure → failed with the notice for the error code', () => {
    const s = tapShare(INITIAL_LOCATION_SHARE, 0).state;
    const sent = positionReceived(s, 2000);
    expect(sent.phase).toBe('sent');
    expect(isFetching(sent, 2000)).toBe(false);
    expect(visibleNotice(sent, 2000)).toBe(MSG.locationNotice.fetched);
    expect(tapShare(sent, 2500).start).toBe(true);
    const cases: [number | null, string][] = [
      [1, MSG.location.permissionDenied],
      [2, MSG.location.unavailable],
      [3, MSG.location.timeout],
      [9, MSG.location.unknown],
      [null, MSG.location.default],
    ];
    for (const [code, id] of cases) {
      const failed = positionFailed(s, code, 3000);
      expect(failed.phase).toBe('failed');
      expect(visibleNotice(failed, 3000)).toBe(id);
      expect(visibleNotice(failed, 4000)).toBeNull();
    }
  });

  it('nextChangeAt tells when the notice hides and when the flag resets', () => {
    const s = tapShare(INITIAL_LOCATION_SHARE, 100).state;
    expect(nextChangeAt(s, 100)).toBe(1100);
    expect(nextChangeAt(s, 1100)).toBe(61_100);
    expect(nextChangeAt(s, 61_100)).toBeNull();
    expect(nextChangeAt(INITIAL_LOCATION_SHARE, 0)).toBeNull();
  });

  it('degrees go on the wire as text', () => {
    expect(degreesText(17.385044)).toBe('17.385044');
    expect(degreesText(-0.1)).toBe('-0.100000');
  });
});

describe('what a location request opens (spec part 1 §4 request handling)', () => {
  it('allow_custom → the custom picker, whatever the permission', () => {
    for (const p of ['granted', 'denied', 'prompt', 'unknown'] as const) {
      expect(locationRoute({ allow_custom: true }, true, p)).toEqual({ kind: 'custom-picker' });
      expect(locationRoute({ allow_custom: true, fetch_address: true }, false, p)).toEqual({ kind: 'custom-picker' });
    }
  });
  it('granted → address picker with fetch_address, else share at once', () => {
    expect(locationRoute({ fetch_address: true }, true, 'granted')).toEqual({ kind: 'address-picker' });
    expect(locationRoute({}, true, 'granted')).toEqual({ kind: 'share-now' });
    expect(locationRoute(undefined, true, 'granted')).toEqual({ kind: 'share-now' });
  });
  it('not granted → the permission dialog (ask or denied); no geolocation → unsupported', () => {
    expect(locationRoute({}, true, 'prompt')).toEqual({ kind: 'permission-dialog', state: 'ask' });
    expect(locationRoute({}, true, 'unknown')).toEqual({ kind: 'permission-dialog', state: 'ask' });
    expect(locationRoute({ fetch_address: true }, true, 'denied')).toEqual({ kind: 'permission-dialog', state: 'denied' });
    expect(locationRoute({}, false, 'granted')).toEqual({ kind: 'unsupported' });
  });
});

describe('the address picker answer (issue 11: a picked address goes with its own coordinates)', () => {
  const device = { lat: 18.52043, lng: 73.856743 };
  it('a nearby address: its coordinates and label, CUSTOM', () => {
    expect(addressAnswer(device, { label: '12, Market Lane', latitude: 18.520118, longitude: 73.856964 }))
      .toEqual({ latitude: 18.520118, longitude: 73.856964, type: 'CUSTOM', address: '12, Market Lane' });
  });
  it('the address at the device position (to 6 places): CURRENT', () => {
    expect(addressAnswer(device, { label: '4, Station Road', latitude: 18.5204301, longitude: 73.8567429 }))
      .toEqual({ latitude: 18.5204301, longitude: 73.8567429, type: 'CURRENT', address: '4, Station Road' });
  });
  it('no address chosen: the device position alone', () => {
    expect(addressAnswer(device, null)).toEqual({ latitude: 18.52043, longitude: 73.856743, type: 'CURRENT' });
  });
});
