// What each local document reads as before anything was written, and the language table the
// app-language document is filled from.
import type {
  AppLanguageDoc,
  AuthFlowDoc,
  GeoCacheDoc,
  LanguageCode,
  SessionDoc,
  SettingsDoc,
  SyncStatusDoc,
} from './local-docs';
import { languageOption } from '../i18n/languages';

export const DEFAULT_SETTINGS: SettingsDoc = {
  homeTab: 'discover',
  boldText: false,
  weightScale: 1,
  sizeScale: 1,
  autoDownload: 'Photo',
  analytics: true,
};

export const DEFAULT_AUTH_FLOW: AuthFlowDoc = {
  mobile: null,
  otpRequested: false,
  requestStatus: 'idle',
  confirmStatus: 'idle',
  otpSentAt: null,
  error: null,
};

export const DEFAULT_SYNC_STATUS: SyncStatusDoc = {
  online: true,
  socketState: -1,
  unauthorised: false,
  autoLogoutPrompt: false,
  noInternet: false,
  serverError: null,
  updateAvailable: false,
};

export const EMPTY_GEO_CACHE: GeoCacheDoc = { states: {}, cities: {} };

/** The app-language document for a code (name and speech language from the i18n language table). */
export function appLanguageFor(code: LanguageCode, chosen: boolean): AppLanguageDoc {
  const option = languageOption(code);
  return { code, name: option.name, sttLanguageCode: option.sttLanguageCode, chosen };
}

/** English until the user picks (spec part 1 §1: default is English). */
export const DEFAULT_APP_LANGUAGE: AppLanguageDoc = appLanguageFor('en', false);

/** The signed-out fields of the session; deviceId and the standalone flags are kept apart. */
export const SIGNED_OUT: Omit<SessionDoc, 'deviceId' | 'isStandalone' | 'isStandaloneWithAuth'> = {
  mobile: null,
  token: null,
  loginToken: null,
  loginTokenExpiry: null,
  mediaToken: null,
  mediaTokenExpiry: null,
  clientSessionId: null,
  selectedBot: null,
  profileDetailsFetched: false,
  extensionToken: null,
};

export function newSession(deviceId: string): SessionDoc {
  return { ...SIGNED_OUT, deviceId, isStandalone: false, isStandaloneWithAuth: false };
}
