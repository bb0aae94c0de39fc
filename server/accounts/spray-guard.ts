// Limits across numbers (issue 21 item 4, OWASP SMS pumping and credential stuffing): codes
// asked for per client address, by the whole server, and per country a day; wrong codes per
// client address and by the whole server. Past one: 429 with Retry-After. Checked before a
// request's transaction and recorded after it, so only real sends and real failures count
// (simultaneous requests may pass a limit by as many as run at once). The counts are kept in this
// process's memory, or in Redis in cluster mode so that every process counts the same
// (http/limit-stores.ts).
import type { CountryIso } from '../../src/domain/countries';
import { COUNTRY_WINDOW_MS, type OtpLimits } from '../config/otp-limits';
import { HttpError, inHowLong } from '../http/errors';
import { LocalLimitStores, type LimitStores, type WindowStore } from '../http/limit-stores';

const ALL = '*';

/** A 429 whose ErrorBody.reason tells the app to wait before trying again (not to ask a new code). */
export function slowDown(message: string, waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const when = seconds < 120 ? `in ${seconds} second${seconds === 1 ? '' : 's'}` : inHowLong(waitMs);
  return new HttpError(429, `${message} Try again ${when}.`, { 'retry-after': String(seconds) }, 'slow-down');
}

export class SprayGuard {
  private readonly sendsByClient: WindowStore;
  private readonly sendsGlobal: WindowStore;
  private readonly sendsByCountry = new Map<string, WindowStore>();
  private readonly failuresByClient: WindowStore;
  private readonly failuresGlobal: WindowStore;

  constructor(private readonly limits: OtpLimits, private readonly stores: LimitStores = new LocalLimitStores()) {
    this.sendsByClient = stores.windows('otp-sends-client', limits.sendsPerClient, limits.windowMs, limits.maxTrackedKeys);
    this.sendsGlobal = stores.windows('otp-sends-all', limits.sendsGlobal, limits.windowMs, 1);
    this.failuresByClient = stores.windows('otp-failures-client', limits.failuresPerClient, limits.windowMs, limits.maxTrackedKeys);
    this.failuresGlobal = stores.windows('otp-failures-all', limits.failuresGlobal, limits.windowMs, 1);
  }

  private country(iso: CountryIso): WindowStore {
    let counter = this.sendsByCountry.get(iso);
    if (!counter) {
      counter = this.stores.windows(`otp-sends-country-${iso}`, this.limits.sendsPerCountryDay[iso] ?? this.limits.sendsPerCountryDayDefault, COUNTRY_WINDOW_MS, 1);
      this.sendsByCountry.set(iso, counter);
    }
    return counter;
  }

  /** Why no code may be sent now, or undefined. */
  async checkSend(client: string, country: CountryIso, now: number): Promise<HttpError | undefined> {
    const byClient = await this.sendsByClient.waitMs(client, now);
    if (byClient > 0) return slowDown('Too many sign-in codes were asked from your network.', byClient);
    const global = Math.max(await this.sendsGlobal.waitMs(ALL, now), await this.country(country).waitMs(ALL, now));
    if (global > 0) return slowDown('Too many sign-in codes are being asked just now.', global);
    return undefined;
  }

  async recordSend(client: string, country: CountryIso, now: number): Promise<void> {
    await Promise.all([this.sendsByClient.add(client, now), this.sendsGlobal.add(ALL, now), this.country(country).add(ALL, now)]);
  }

  /** Why no code may be tried now, or undefined. */
  async checkVerify(client: string, now: number): Promise<HttpError | undefined> {
    const byClient = await this.failuresByClient.waitMs(client, now);
    if (byClient > 0) return slowDown('Too many wrong codes were sent from your network.', byClient);
    const global = await this.failuresGlobal.waitMs(ALL, now);
    if (global > 0) return slowDown('Too many wrong codes are being sent just now.', global);
    return undefined;
  }

  async recordFailure(client: string, now: number): Promise<void> {
    await Promise.all([this.failuresByClient.add(client, now), this.failuresGlobal.add(ALL, now)]);
  }
}
