// The sign-in and profile flows of spec part 1 §4, DOM-free. Each flow calls the server through
// the HTTP client and writes the outcome into RxDB local documents, which the UI observes. Every
// flow resolves to a CommandResult; only a bug (not a failed request) makes one reject.
//
// Failure side effects (report()):
//   no response          sync-status.noInternet = true (the no-internet dialog)
//   5xx                  sync-status.serverError = { status }
//   401 on an auth route the 401 rule: a usable login token → sync-status.autoLogoutPrompt;
//                        otherwise local data is cleared and sync-status.sessionExpired is set
//   440 on an auth route the session's token and selected bot are cleared (and, with a usable
//                        login token, the auto-logout prompt offers to sign in again)
//   timeout / cancel     nothing (CancelError → the 'cancelled' AppError, which shows nothing)
// send-otp has its own dialog for all of these (retry button), so it raises no flags.
import type { BodyOf, CityEntry, Profile, ResponseOf, RouteName, SessionTokens, StateEntry } from '../api/contract';
import { ROUTE_TABLE as routes } from '../api/route-table';
import { parseMobile, type CountryIso } from '../domain/countries';
import { isRetryableStatus } from '../domain/failure-class';
import type { AppError, DialogAction } from '../domain/error-types';
import {
  BadStatusError,
  type BadStatusDetail,
  NoResponseError,
  cancelledError,
  errorForStatus,
  isCancelError,
  otpConfirmError,
  otpRequestError,
  somethingWentWrongError,
  unauthorisedError,
} from '../domain/errors';
import { isLanguageCode, type LanguageCode } from '../domain/language-codes';
import { isLoginTokenUsable } from '../domain/session-expiry';
import { STANDALONE_BOT_ID_PATTERN } from '../domain/constants';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import {
  DEFAULT_APP_LANGUAGE,
  DEFAULT_AUTH_FLOW,
  DEFAULT_SYNC_STATUS,
  EMPTY_GEO_CACHE,
  appLanguageFor,
  newSession,
} from '../db/defaults';
import type { AuthFlowDoc, SyncStatusDoc } from '../db/local-docs';
import { ensureSession, getLocalDoc, modifyLocalDoc, patchLocalDoc, readLocalDoc, setLocalDoc } from '../db/local-store';
import { clearSignedInData as clearData, type ClearOptions } from '../db/session-data';
import { newDeviceId as makeDeviceId } from '../db/device-id';
import type { CallOptions, HttpClient, RequestContext } from './http-client';

/** What the UI does after a dialog action; reloading and navigating are the UI's job. */
export interface DialogOutcome {
  reload: boolean;
  navigateTo: 'login' | null;
}

export interface SessionDeps {
  db: AppDatabase;
  http: HttpClient;
  now?: () => number;
  newDeviceId?: () => string;
}

/** The flows the page's commands reach (in the worker, or in-process in Node tests). */
export interface SessionFlows {
  requestOtp(mobile: string): Promise<CommandResult>;
  resendOtp(): Promise<CommandResult>;
  verifyOtp(otp: string): Promise<CommandResult>;
  loginWithStoredToken(): Promise<CommandResult>;
  /**
   * Standalone / embedded single-bot mode (spec part 1 §7 start-session): opens a web session for
   * this device and bot, signed in when the extension supplies an access token.
   */
  startStandaloneSession(botId: string, options?: { accessToken?: string; payload?: Record<string, string> }): Promise<CommandResult>;
  /**
   * The bot the server maps this host name to (STANDALONE_HOSTS; the spec's CNAME lookup), or
   * null. Raises no dialog: a failure answers null and the app stays what it was.
   */
  resolveStandaloneHost(host: string): Promise<CommandResult<string | null>>;
  logout(): Promise<CommandResult>;
  chooseLanguage(code: LanguageCode): Promise<CommandResult>;
  updateProfile(patch: BodyOf<'updateProfile'>): Promise<CommandResult<Profile>>;
  saveLocation(stateCode: string, city: string): Promise<CommandResult<Profile>>;
  refreshProfile(): Promise<CommandResult<Profile>>;
  loadStates(country: CountryIso): Promise<CommandResult<StateEntry[]>>;
  loadCities(country: CountryIso, stateCode: string): Promise<CommandResult<CityEntry[]>>;
  /** reasonUuid: one of get-reason-list (the delete-account screen's choice). */
  deleteProfile(reasonUuid?: string): Promise<CommandResult>;
  runDialogAction(action: DialogAction): Promise<CommandResult<DialogOutcome>>;
}

/**
 * The headers' inputs, read from the session and app-language documents at each call. The
 * session (and so the device id) is created on first use if the boot did not create it yet.
 */
export function requestContextFrom(db: AppDatabase, makeDeviceId?: () => string): () => Promise<RequestContext> {
  return async () => {
    const [session, language] = await Promise.all([ensureSession(db, makeDeviceId), getLocalDoc(db, 'app-language')]);
    return {
      mobile: session.mobile,
      sessionId: session.token,
      deviceId: session.deviceId,
      isStandalone: session.isStandalone,
      botId: session.selectedBot?.bot_uuid ?? null,
      userUuid: session.userUuid ?? null,
      language: language?.code ?? DEFAULT_APP_LANGUAGE.code,
    };
  };
}

/** Keeps only what a local document stores of an error (dialogs are derived: restoreAppError). */
function storedError(error: AppError): NonNullable<AuthFlowDoc['error']> {
  return {
    key: error.key,
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.message !== undefined ? { message: error.message } : {}),
  };
}

/** Fields of a sign-in answer the session relies on; a broken answer is refused, not stored. */
function isSessionTokens(value: unknown): value is SessionTokens {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Partial<Record<keyof SessionTokens, unknown>>;
  const user = v.user as Partial<Record<keyof Profile, unknown>> | undefined;
  return (
    typeof v.token === 'string' &&
    typeof v.loginToken === 'string' &&
    typeof v.loginTokenExpiry === 'number' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.user_uuid === 'string'
  );
}

/** A failure that says nothing about the request itself: the network or the server is down. */
function isTransient(err: unknown): boolean {
  return isCancelError(err) || err instanceof NoResponseError || (err instanceof BadStatusError && err.status >= 500);
}

interface ReportOptions {
  /** The catalogue entry for this call's failures (status 0 = no response). */
  map?: (status: number, message?: string, detail?: BadStatusDetail) => AppError;
  /** false: raise no sync-status flags (the caller's own dialog covers it). */
  flags?: boolean;
}

/** The session flows, and the failure rules (401, 440, no response, 5xx) for other flows' calls. */
export interface SessionModule {
  flows: SessionFlows;
  /** Applies the side effects of a failed call of `route` and answers the AppError; bugs rethrow. */
  report(route: RouteName, err: unknown): Promise<AppError>;
  /**
   * The standalone 401 rule of the socket-address call (spec part 1 §4): a new start-session for
   * the stored bot and device. True when a new web session is stored (the caller retries once);
   * false outside standalone mode, for standalone-with-auth (only the extension holds its token),
   * or when start-session failed.
   */
  reinitialiseStandalone(): Promise<boolean>;
}

export function createSessionFlows(deps: SessionDeps): SessionFlows {
  return createSession(deps).flows;
}

export function createSession(deps: SessionDeps): SessionModule {
  const { db, http } = deps;
  const now = deps.now ?? (() => Date.now());
  const newDeviceId = deps.newDeviceId ?? makeDeviceId;

  const patchAuthFlow = (patch: Partial<AuthFlowDoc>) => patchLocalDoc(db, 'auth-flow', patch, DEFAULT_AUTH_FLOW);
  const patchSyncStatus = (patch: Partial<SyncStatusDoc>) => patchLocalDoc(db, 'sync-status', patch, DEFAULT_SYNC_STATUS);
  const readSession = () => ensureSession(db, newDeviceId);
  const isSignedIn = async () => (await getLocalDoc(db, 'session'))?.token != null;

  const clearSignedInData = (options?: ClearOptions) => clearData(db, options, newDeviceId);

  /** Applies the side effects of a failed call and returns the AppError for the UI. Bugs rethrow. */
  async function report(route: RouteName, err: unknown, options: ReportOptions = {}): Promise<AppError> {
    const flags = options.flags ?? true;
    if (isCancelError(err)) return cancelledError(err.reason);
    if (err instanceof NoResponseError) {
      if (flags) await patchSyncStatus({ noInternet: true });
      return options.map ? options.map(0) : errorForStatus(0);
    }
    if (!(err instanceof BadStatusError)) throw err;
    const { status, serverMessage } = err;
    if (status >= 500 && status <= 599) {
      if (flags) await patchSyncStatus({ serverError: { status } });
    } else if (status === 401 && routes[route].auth) {
      return unauthorised(route, serverMessage);
    } else if (status === 440 && routes[route].auth) {
      await sessionClosed();
    }
    return options.map ? options.map(status, serverMessage, err.detail) : errorForStatus(status, serverMessage);
  }

  /** The 401 rules of spec part 1 §4. */
  async function unauthorised(route: RouteName, serverMessage: string | undefined): Promise<AppError> {
    const session = await readSession();
    if (session.isStandalone) {
      // Standalone: a 401 on the configuration call clears the token and the mobile and assigns a
      // new device id, unless an extension supplies the token (standalone-with-auth keeps it).
      if (route === 'getConfiguration') {
        await modifyLocalDoc(db, 'session', (s) => {
          const base = s ?? newSession(newDeviceId());
          return { ...base, token: null, mobile: null, deviceId: base.isStandaloneWithAuth ? base.deviceId : newDeviceId() };
        });
      }
      // The socket-address rule (retry once after re-initialising with start-session) is the live
      // connection's (chat-sync.ts, reinitialiseStandalone below): by the time a 401 reaches here
      // that one retry was made.
      return errorForStatus(401, serverMessage);
    }
    const error = unauthorisedError(session, now());
    if (error.key === 'autoLogout') {
      // Not done: the spec also resets the loaded messages here (src/sync/README.md "Known gaps").
      await patchSyncStatus({ autoLogoutPrompt: true });
    } else {
      await clearSignedInData();
      await patchSyncStatus({ sessionExpired: true });
    }
    return error;
  }

  /**
   * 440 (the session expired): spec §4 clears the token and the selected bot. The reference
   * server's sessions last 30 days and login tokens 90, so a 440 usually comes with a usable
   * login token: then the auto-logout prompt offers to sign in again with it.
   */
  async function sessionClosed(): Promise<void> {
    const session = await modifyLocalDoc(db, 'session', (s) => ({ ...(s ?? newSession(newDeviceId())), token: null, selectedBot: null }));
    if (!session.isStandalone && isLoginTokenUsable(session, now())) await patchSyncStatus({ autoLogoutPrompt: true });
  }

  async function attempt<N extends RouteName>(
    name: N,
    body: BodyOf<N>,
    callOptions?: CallOptions,
  ): Promise<{ ok: true; value: ResponseOf<N> } | { ok: false; err: unknown }> {
    try {
      return { ok: true, value: await http.call(name, body, callOptions) };
    } catch (err) {
      return { ok: false, err };
    }
  }

  async function storeProfile(profile: Profile): Promise<void> {
    await setLocalDoc(db, 'profile', profile);
  }

  /**
   * After a sign-in: the profile and the app language first, the session tokens last, so that an
   * observer never sees "signed in" without the profile the onboarding step is computed from.
   */
  async function storeSignIn(mobile: string, tokens: SessionTokens): Promise<void> {
    await storeProfile(tokens.user);
    const appLanguage = await readLocalDoc(db, 'app-language', DEFAULT_APP_LANGUAGE);
    const serverLanguage = tokens.user.language;
    const takeServerLanguage = !appLanguage.chosen && serverLanguage != null && isLanguageCode(serverLanguage);
    // a returning user on a new device: take the language their profile has
    if (takeServerLanguage) await setLocalDoc(db, 'app-language', appLanguageFor(serverLanguage, true));

    await modifyLocalDoc(db, 'session', (current) => ({
      ...(current ?? newSession(newDeviceId())),
      mobile: tokens.user.mobile || mobile,
      token: tokens.token,
      loginToken: tokens.loginToken,
      loginTokenExpiry: tokens.loginTokenExpiry,
      mediaToken: tokens.mediaToken,
      mediaTokenExpiry: tokens.mediaTokenExpiry,
      clientSessionId: tokens.clientSessionId,
      profileDetailsFetched: true,
    }));
    await patchSyncStatus({ autoLogoutPrompt: false, sessionExpired: false, unauthorised: false });

    if (appLanguage.chosen && serverLanguage !== appLanguage.code) {
      // picked on this device before signing in: tell the profile, quietly (best effort)
      const res = await attempt('updateProfile', { language: appLanguage.code });
      if (res.ok) await storeProfile(res.value);
    }
  }

  async function requestOtp(mobile: string): Promise<CommandResult> {
    const before = await readLocalDoc(db, 'auth-flow', DEFAULT_AUTH_FLOW);
    await patchAuthFlow({
      mobile,
      requestStatus: 'pending',
      error: null,
      ...(before.mobile !== mobile ? { confirmStatus: 'idle' as const, otpSentAt: null } : {}),
    });
    const res = await attempt('sendOtp', { mobile });
    if (!res.ok) {
      const error = await report('sendOtp', res.err, { map: otpRequestError, flags: false });
      await patchAuthFlow({ requestStatus: 'rejected', error: storedError(error) });
      return failed(error);
    }
    await patchAuthFlow({ otpRequested: true, requestStatus: 'fulfilled', confirmStatus: 'idle', otpSentAt: now(), error: null });
    return ok();
  }

  async function resendOtp(): Promise<CommandResult> {
    const flow = await readLocalDoc(db, 'auth-flow', DEFAULT_AUTH_FLOW);
    if (!flow.mobile) return failed(somethingWentWrongError());
    return requestOtp(flow.mobile);
  }

  async function verifyOtp(otp: string): Promise<CommandResult> {
    const flow = await readLocalDoc(db, 'auth-flow', DEFAULT_AUTH_FLOW);
    const mobile = flow.mobile;
    if (!mobile) return failed(somethingWentWrongError());
    await patchAuthFlow({ confirmStatus: 'pending', error: null });
    const res = await attempt('verifyOtp', { mobile, otp });
    if (!res.ok) {
      const error = await report('verifyOtp', res.err, { map: otpConfirmError });
      await patchAuthFlow({ confirmStatus: 'rejected', error: storedError(error) });
      return failed(error);
    }
    if (!isSessionTokens(res.value)) {
      const error = somethingWentWrongError(200, 'Malformed sign-in answer');
      await patchAuthFlow({ confirmStatus: 'rejected', error: storedError(error) });
      return failed(error);
    }
    await storeSignIn(mobile, res.value);
    await setLocalDoc(db, 'auth-flow', { ...DEFAULT_AUTH_FLOW, mobile, confirmStatus: 'fulfilled' });
    return ok();
  }

  async function loginWithStoredToken(): Promise<CommandResult> {
    const session = await readSession();
    if (!session.loginToken || !session.mobile) return failed(unauthorisedError(null, now()));
    const res = await attempt('loginWithToken', { mobile: session.mobile, loginToken: session.loginToken });
    if (!res.ok) {
      if (res.err instanceof BadStatusError && !isRetryableStatus(res.err.status, res.err.detail.retryAfterSeconds)) {
        // The server refused the token (spec §4: non-200 clears stored login data and caches).
        // A 5xx, 408, 429 (a login token opens a bounded number of sessions an hour) or no
        // answer says nothing about the token, so those keep it for a later try.
        await clearSignedInData({ clearCaches: true });
        return failed(unauthorisedError(null, now()));
      }
      return failed(await report('loginWithToken', res.err));
    }
    if (!isSessionTokens(res.value)) return failed(somethingWentWrongError(200, 'Malformed sign-in answer'));
    await storeSignIn(session.mobile, res.value);
    return ok();
  }

  async function startStandaloneSession(botId: string, options: { accessToken?: string; payload?: Record<string, string> } = {}): Promise<CommandResult> {
    const session = await readSession();
    const body = {
      device_id: session.deviceId,
      ...(options.accessToken ? { access_token: options.accessToken } : {}),
      bot_uuid: botId,
      ...(options.payload ? { payload: options.payload } : {}),
    };
    const res = await attempt('startSession', body);
    if (!res.ok) return failed(await report('startSession', res.err));
    const answer = res.value;
    // Another user on this device (a guest becoming the host page's signed-in user, or one
    // signed-in user after another): the previous one's chat and data go first, as at a logout.
    if (session.userUuid && session.userUuid !== answer.user_uuid) await clearSignedInData();
    await modifyLocalDoc(db, 'session', (s) => ({
      ...(s ?? newSession(session.deviceId)),
      isStandalone: true,
      isStandaloneWithAuth: options.accessToken !== undefined,
      extensionToken: options.accessToken ?? null,
      token: answer.session_id,
      userUuid: answer.user_uuid,
      mobile: null,
      selectedBot: { bot_uuid: botId, name: s?.selectedBot?.bot_uuid === botId ? s.selectedBot.name : '' },
    }));
    return ok();
  }

  async function resolveStandaloneHost(host: string): Promise<CommandResult<string | null>> {
    const res = await attempt('resolveStandaloneHost', { host });
    if (!res.ok) return ok(null);
    const bot = res.value.bot_uuid;
    return ok(bot !== null && STANDALONE_BOT_ID_PATTERN.test(bot) ? bot : null);
  }

  /**
   * The socket-address 401 rule (spec part 1 §4): a new start-session for the stored bot, "via the
   * extension token" when the embedding page signed the user in (the token it handed over), else
   * with the stored device id (a guest).
   */
  async function reinitialiseStandalone(): Promise<boolean> {
    const session = await readSession();
    const bot = session.selectedBot?.bot_uuid;
    if (!session.isStandalone || !bot) return false;
    if (session.isStandaloneWithAuth) {
      const accessToken = session.extensionToken ?? null;
      return accessToken !== null && (await startStandaloneSession(bot, { accessToken })).ok;
    }
    return (await startStandaloneSession(bot)).ok;
  }

  async function logout(): Promise<CommandResult> {
    const session = await readSession();
    if (session.token) {
      // The answer does not matter: logout clears local data even if the call fails (spec §4).
      await attempt('logout', { deviceId: session.deviceId }, { timeoutMs: 10_000 });
    }
    await clearSignedInData();
    return ok();
  }

  async function updateProfile(patch: BodyOf<'updateProfile'>): Promise<CommandResult<Profile>> {
    const res = await attempt('updateProfile', patch);
    if (!res.ok) return failed(await report('updateProfile', res.err));
    await storeProfile(res.value);
    return ok(res.value);
  }

  async function chooseLanguage(code: LanguageCode): Promise<CommandResult> {
    await setLocalDoc(db, 'app-language', appLanguageFor(code, true));
    if (!(await isSignedIn())) return ok();
    const res = await updateProfile({ language: code });
    return res.ok ? ok() : res;
  }

  async function saveLocation(stateCode: string, city: string): Promise<CommandResult<Profile>> {
    const [profile, session] = await Promise.all([getLocalDoc(db, 'profile'), readSession()]);
    const country = profile?.country_code ?? (session.mobile ? parseMobile(session.mobile)?.country.iso : undefined) ?? 'IN';
    return updateProfile({ country_code: country, state_code: stateCode, city });
  }

  async function refreshProfile(): Promise<CommandResult<Profile>> {
    const res = await attempt('getProfile', {});
    if (!res.ok) return failed(await report('getProfile', res.err));
    await storeProfile(res.value);
    await modifyLocalDoc(db, 'session', (s) => ({ ...(s ?? newSession(newDeviceId())), profileDetailsFetched: true }));
    return ok(res.value);
  }

  async function loadStates(country: CountryIso): Promise<CommandResult<StateEntry[]>> {
    const res = await attempt('getStates', { country_code: country });
    if (res.ok) {
      const list = res.value.states;
      await modifyLocalDoc(db, 'geo-cache', (c) => {
        const cache = c ?? EMPTY_GEO_CACHE;
        return { ...cache, states: { ...cache.states, [country]: { list, fetchedAt: now() } } };
      });
      return ok(list);
    }
    if (isTransient(res.err)) {
      // offline or server down: the cached list keeps onboarding going, and no dialog is needed
      const cached = (await getLocalDoc(db, 'geo-cache'))?.states[country];
      if (cached) return ok(cached.list);
    }
    return failed(await report('getStates', res.err));
  }

  async function loadCities(country: CountryIso, stateCode: string): Promise<CommandResult<CityEntry[]>> {
    const key = `${country}:${stateCode}`;
    const res = await attempt('getCities', { country_code: country, state_code: stateCode });
    if (res.ok) {
      const list = res.value.cities;
      await modifyLocalDoc(db, 'geo-cache', (c) => {
        const cache = c ?? EMPTY_GEO_CACHE;
        return { ...cache, cities: { ...cache.cities, [key]: { list, fetchedAt: now() } } };
      });
      return ok(list);
    }
    if (isTransient(res.err)) {
      const cached = (await getLocalDoc(db, 'geo-cache'))?.cities[key];
      if (cached) return ok(cached.list);
    }
    return failed(await report('getCities', res.err));
  }

  async function deleteProfile(reasonUuid?: string): Promise<CommandResult> {
    const session = await readSession();
    const res = await attempt('deleteProfile', { device_id: session.deviceId, ...(reasonUuid ? { reason_uuid: reasonUuid } : {}) });
    if (!res.ok) return failed(await report('deleteProfile', res.err));
    await clearSignedInData({ clearCaches: true });
    return ok();
  }

  const stay: DialogOutcome = { reload: false, navigateTo: null };

  /** The error-dialog actions of spec part 1 §4. */
  async function runDialogAction(action: DialogAction): Promise<CommandResult<DialogOutcome>> {
    switch (action) {
      case 'retry-request-otp': {
        const res = await resendOtp();
        return res.ok ? ok(stay) : res;
      }
      case 'logout-accept':
        // "clears stored token and device id and reloads": the device id is replaced, not left empty
        await logout();
        await clearSignedInData({ newDeviceId: true });
        return ok({ reload: true, navigateTo: 'login' });
      case 'logout-decline': {
        // "closes and restarts login with the stored device id" (spec part 1 §4): the device id
        // is the login of a standalone guest, so its web session is started again for the stored
        // bot with the same device id (logout-accept is the one that replaces it). A member's login
        // is the mobile and code, not the device id, and standalone-with-auth's is the embedding
        // page's token, which only that page holds: for them declining only closes.
        const session = await readSession();
        const bot = session.selectedBot?.bot_uuid;
        if (!session.isStandalone || session.isStandaloneWithAuth || !bot) return ok(stay);
        const res = await startStandaloneSession(bot);
        return res.ok ? ok(stay) : res;
      }
      case 'auto-logout-accept': {
        const res = await loginWithStoredToken();
        if (!res.ok && res.error.key !== 'sessionExpired') return res; // offline: keep the prompt for a later try
        await patchSyncStatus({ autoLogoutPrompt: false });
        return ok(res.ok ? { reload: true, navigateTo: null } : { reload: true, navigateTo: 'login' });
      }
      case 'auto-logout-decline': {
        const session = await readSession();
        // standalone-with-auth keeps the selected bot on auto-logout (spec part 1 §6)
        await clearSignedInData({ keepSelectedBot: session.isStandaloneWithAuth, clearCaches: true });
        return ok({ reload: false, navigateTo: 'login' });
      }
      case 'edit-mobile':
        return ok(stay);
      case 'edit-mobile-decline':
        await patchAuthFlow({ otpRequested: false, requestStatus: 'idle', confirmStatus: 'idle', error: null });
        return ok({ reload: false, navigateTo: 'login' });
      case 'update-app-version':
        await patchSyncStatus({ updateAvailable: false });
        return ok({ reload: true, navigateTo: null });
      case 'update-app-version-decline':
        await patchSyncStatus({ updateAvailable: false });
        return ok(stay);
      case 'default':
        // closing a dialog also drops the state that would show it again
        await patchSyncStatus({ noInternet: false, serverError: null, sessionExpired: false });
        await patchAuthFlow({ error: null });
        return ok(stay);
    }
  }

  const flows: SessionFlows = {
    requestOtp,
    resendOtp,
    verifyOtp,
    loginWithStoredToken,
    startStandaloneSession,
    resolveStandaloneHost,
    logout,
    chooseLanguage,
    updateProfile,
    saveLocation,
    refreshProfile,
    loadStates,
    loadCities,
    deleteProfile,
    runDialogAction,
  };
  return { flows, report: (route, err) => report(route, err), reinitialiseStandalone };
}

