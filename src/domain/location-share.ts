// Location sharing (spec part 1 §4 "Location sharing", §8 location notices, §9 timings): idle,
// fetching, then sent or failed. While fetching, another tap only shows the please-wait notice;
// the fetching flag resets itself after LOCATION_FETCHING_RESET_MS (a lost geolocation callback
// cannot lock the button for good); every notice hides after NOTICE_AUTO_HIDE_MS. Pure: the
// caller passes the time, so the rules are tested on a fake clock.
import { LOCATION_FETCHING_RESET_MS, NOTICE_AUTO_HIDE_MS } from './constants';
import { MSG, geolocationErrorTextId } from './errors';

export type LocationPhase = 'idle' | 'fetching' | 'sent' | 'failed';

export interface LocationShareState {
  phase: LocationPhase;
  /** When the current fetch started (phase fetching). */
  since: number;
  /** The notice shown, by i18n id, and when it hides. */
  notice: { id: string; until: number } | null;
}

export const INITIAL_LOCATION_SHARE: LocationShareState = { phase: 'idle', since: 0, notice: null };

const notice = (id: string, now: number) => ({ id, until: now + NOTICE_AUTO_HIDE_MS });

/** True while a fetch runs and has not outlived the reset time. */
export function isFetching(state: LocationShareState, now: number): boolean {
  return state.phase === 'fetching' && now - state.since < LOCATION_FETCHING_RESET_MS;
}

/** The notice to show now (null once it has hidden). */
export function visibleNotice(state: LocationShareState, now: number): string | null {
  return state.notice && now < state.notice.until ? state.notice.id : null;
}

/**
 * A tap on share: starts a fetch (start true, 'Fetching Location...'), or, while one runs, only
 * the please-wait notice.
 */
export function tapShare(state: LocationShareState, now: number): { state: LocationShareState; start: boolean } {
  if (isFetching(state, now)) return { state: { ...state, notice: notice(MSG.locationNotice.pleaseWait, now) }, start: false };
  return { state: { phase: 'fetching', since: now, notice: notice(MSG.locationNotice.fetching, now) }, start: true };
}

/** The position arrived (a result after the reset time still counts: the user asked for it). */
export function positionReceived(state: LocationShareState, now: number): LocationShareState {
  return { phase: 'sent', since: state.since, notice: notice(MSG.locationNotice.fetched, now) };
}

/** GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout), or none. */
export function positionFailed(state: LocationShareState, code: number | null | undefined, now: number): LocationShareState {
  return { phase: 'failed', since: state.since, notice: notice(geolocationErrorTextId(code), now) };
}

/** When the state next changes by itself (notice hides, fetching resets), or null. */
export function nextChangeAt(state: LocationShareState, now: number): number | null {
  const times: number[] = [];
  if (state.notice && state.notice.until > now) times.push(state.notice.until);
  if (isFetching(state, now)) times.push(state.since + LOCATION_FETCHING_RESET_MS);
  return times.length ? Math.min(...times) : null;
}

// ---------- what a location request opens (spec part 1 §4 "Request handling") ----------

/** navigator.permissions' answer for geolocation; 'unknown' when the browser cannot say. */
export type GeoPermission = 'granted' | 'denied' | 'prompt' | 'unknown';

export type LocationRoute =
  | { kind: 'custom-picker' }
  | { kind: 'address-picker' }
  | { kind: 'share-now' }
  | { kind: 'permission-dialog'; state: 'ask' | 'denied' }
  | { kind: 'unsupported' };

export function locationRoute(
  config: { allow_custom?: boolean; fetch_address?: boolean } | undefined,
  hasGeolocation: boolean,
  permission: GeoPermission,
): LocationRoute {
  if (config?.allow_custom) return { kind: 'custom-picker' };
  if (!hasGeolocation) return { kind: 'unsupported' };
  if (permission === 'granted') return config?.fetch_address ? { kind: 'address-picker' } : { kind: 'share-now' };
  return { kind: 'permission-dialog', state: permission === 'denied' ? 'denied' : 'ask' };
}

/** Decimal degrees as the wire carries them (text, 6 places: about 0.1 m). */
export function degreesText(value: number): string {
  return value.toFixed(6);
}

// ---------- the address picker's answer (spec part 1 §4 fetch_address) ----------

/** An address of the nearby list (reverse-geocode), where it is. */
export interface PlaceChoice { label: string; latitude: number; longitude: number }

export interface LocationAnswer { latitude: number; longitude: number; type: 'CURRENT' | 'CUSTOM'; address?: string }

/**
 * What the address picker sends: the chosen address with its own coordinates (not the
 * device's). It is the device position (CURRENT) when the address sits there to the wire's 6
 * places, else a picked place (CUSTOM). With no address chosen (the list failed or was empty),
 * the device position alone.
 */
export function addressAnswer(device: { lat: number; lng: number }, place: PlaceChoice | null): LocationAnswer {
  if (!place) return { latitude: device.lat, longitude: device.lng, type: 'CURRENT' };
  const here = degreesText(place.latitude) === degreesText(device.lat) && degreesText(place.longitude) === degreesText(device.lng);
  return { latitude: place.latitude, longitude: place.longitude, type: here ? 'CURRENT' : 'CUSTOM', address: place.label };
}
