// Limits across numbers (issue 21 item 4, OWASP SMS pumping and credential stuffing): codes
// asked for per client address, by the whole server, and per country a day; wrong codes per
// client address and by the whole server. Past one: 429 with Retry-After. Checked before a
// request's transaction and recorded after it, so only real sends and real failures count
// (simultaneous requests may pass a limit by as many as run at once).
import type { CountryIso } from '../../src/domain/countries';
import { COUNTRY_WINDOW_MS, type OtpLimits } from '../config/otp-limits';
import { HttpError, inHowLong } from '../http/errors';
import { SlidingCounter } from './sliding-counter';

const ALL = '*';

/** A 429 whose ErrorBody.reason tells the app to wait before trying again (not to ask a new code). */
export function slowDown(message: string, waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const when = seconds < 120 ? `in ${seconds} second${seconds === 1 ? '' : 's'}` : inHowLong(waitMs);
  return new HttpError(429, `${message} Try again ${when}.`, { 'retry-after': String(seconds) }, 'slow-down');
}

export class SprayGuard {
  private readonly sendsByClient: SlidingCounter;
  private readonly sendsGlobal: SlidingCounter;
  private readonly sendsByCountry = new Map<string, SlidingCounter>();
  private readonly failuresByClient: SlidingCounter;
  private readonly failuresGlobal: SlidingCounter;

  constructor(private readonly limits: OtpLimits) {
    this.sendsByClient = new SlidingCounter(limits.sendsPerClient, limits.windowMs, limits.maxTrackedKeys);
    this.sendsGlobal = new SlidingCounter(limits.sendsGlobal, limits.windowMs, 1);
    this.failuresByClient = new SlidingCounter(limits.failuresPerClient, limits.windowMs, limits.maxTrackedKeys);
    this.failuresGlobal = new SlidingCounter(limits.failuresGlobal, limits.windowMs, 1);
  }

  private country(iso: CountryIso): SlidingCounter {
    let counter = this.sendsByCountry.get(iso);
    if (!counter) {
      counter = new SlidingCounter(this.limits.sendsPerCountryDay[iso] ?? this.limits.sendsPerCountryDayDefault, COUNTRY_WINDOW_MS, 1);
      this.sendsByCountry.set(iso, counter);
    }
    return counter;
  }

  /** Why no code may be sent now, or undefined. */
  checkSend(client: string, country: CountryIso, now: number): HttpError | undefined {
    const byClient = this.sendsByClient.waitMs(client, now);
    if (byClient > 0) return slowDown('Too many sign-in codes were asked from your network.', byClient);
    const global = Math.max(this.sendsGlobal.waitMs(ALL, now), this.country(country).waitMs(ALL, now));
    if (global > 0) return slowDown('Too many sign-in codes are being asked just now.', global);
    return undefined;
  }

  recordSend(client: string, country: CountryIso, now: number): void {
    this.sendsByClient.add(client, now);
    this.sendsGlobal.add(ALL, now);
    this.country(country).add(ALL, now);
  }

  /** Why no code may be tried now, or undefined. */
  checkVerify(client: string, now: number): HttpError | undefined {
    const byClient = this.failuresByClient.waitMs(client, now);
    if (byClient > 0) return slowDown('Too many wrong codes were sent from your network.', byClient);
    const global = this.failuresGlobal.waitMs(ALL, now);
    if (global > 0) return slowDown('Too many wrong codes are being sent just now.', global);
    return undefined;
  }

  recordFailure(client: string, now: number): void {
    this.failuresByClient.add(client, now);
    this.failuresGlobal.add(ALL, now);
  }
}
