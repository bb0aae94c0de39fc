// Sign-in and sessions against the real server: codes, their limits, sessions, tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../server/accounts/sweep';
import { createServer } from '../../server/app';
import { countryByIso, isMobileNumber, parseMobile } from '../../src/domain/countries';
import { freshNationalNumber } from '../e2e/helpers/app-server';
import { sessionHeaders, startTestServer, type TestServer } from './helpers/server';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HEX32 = /^[0-9a-f]{32}$/;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A 4-digit code that is not the given one. */
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function requestCode(mobile: string): Promise<string> {
  await t.ok('sendOtp', { mobile });
  const code = t.lastCode(mobile);
  if (!code) throw new Error('no code');
  return code;
}

describe('the sign-in flow', () => {
  it('sends a code, verifies it and opens a session with all its tokens', async () => {
    const mobile = t.freshMobile();
    const sent = await t.ok('sendOtp', { mobile });
    expect(sent).toEqual({ message: expect.any(String), resendAfterSeconds: 59, expiresInSeconds: 600 });
    const code = t.lastCode(mobile)!;
    expect(code).toMatch(/^\d{4}$/);

    const now = t.clock.now();
    const tokens = await t.ok('verifyOtp', { mobile, otp: code });
    expect(tokens.token).toMatch(HEX32);
    expect(tokens.loginToken).toMatch(HEX32);
    expect(tokens.mediaToken).toMatch(HEX32);
    expect(tokens.clientSessionId).toMatch(HEX32);
    expect(new Set([tokens.token, tokens.loginToken, tokens.mediaToken, tokens.clientSessionId]).size).toBe(4);
    expect(tokens.loginTokenExpiry).toBe(now + 90 * DAY);
    expect(tokens.mediaTokenExpiry).toBe(now + DAY);
    expect(tokens.user).toMatchObject({
      mobile, country_code: 'IN', country_name: 'India', name: '', email: '', state: null, city: '',
      dob: null, gender: null, photo: null, language: null, profileComplete: false,
    });
    expect(tokens.user.user_uuid).toMatch(/^[0-9a-f-]{36}$/);

    const profile = await t.ok('getProfile', {}, { session: { mobile, tokens, headers: sessionHeaders(mobile, tokens.token) } });
    expect(profile).toEqual(tokens.user);
  });

  it('creates the user once, with the country of the dial code', async () => {
    for (const [country, name] of [['IN', 'India'], ['SG', 'Singapore'], ['TH', 'Thailand']] as const) {
      const mobile = t.freshMobile(country);
      const first = await t.signIn(mobile);
      expect(first.tokens.user).toMatchObject({ country_code: country, country_name: name, mobile });
      t.clock.advance(60 * SECOND);
      const second = await t.signIn(mobile);
      expect(second.tokens.user.user_uuid).toBe(first.tokens.user.user_uuid);
      expect(second.tokens.token).not.toBe(first.tokens.token);
      // Both sessions live: signing in on a second device does not end the first.
      expect((await t.call('getProfile', {}, { session: first })).status).toBe(200);
    }
  });

  it('refuses numbers that break their country rule', async () => {
    for (const mobile of ['+91987654321', '+9198765432101', '+658123456', '+6581234567X', '+6681234567', '+668123456789', '+44123456789', '9876543210', '+91 9876543210']) {
      const answer = await t.call('sendOtp', { mobile });
      expect(answer.status, mobile).toBe(400);
      expect(answer.ok ? '' : answer.body.message).toMatch(/mobile/);
    }
  });
});

describe('mobile numbering rules', () => {
  it('send no code to a number no mobile of its country has: 400 saying why', async () => {
    for (const mobile of ['+911234567890', '+915987654321', '+910000000101', '+6561234567', '+6571234567', '+66712345678', '+66512345678']) {
      const answer = await t.call('sendOtp', { mobile });
      expect(answer.status, mobile).toBe(400);
      expect(answer.ok ? '' : answer.body.message, mobile).toMatch(/is not a mobile number: mobile numbers in (India|Singapore|Thailand) start with/);
      expect(t.lastCode(mobile), mobile).toBeUndefined();
    }
    const answer = await t.call('sendOtp', { mobile: '+911234567890' });
    expect(answer.ok ? '' : answer.body.message).toBe('+911234567890 is not a mobile number: mobile numbers in India start with 6, 7, 8 or 9');
  });

  it('send codes to numbers that start as their country\'s mobiles do', async () => {
    for (const mobile of ['+916000000001', '+917000000001', '+918000000001', '+919198765432', '+6580000001', '+6590000001', '+66600000001', '+66800000001', '+66900000001']) {
      const answer = await t.call('sendOtp', { mobile });
      expect(answer.status, mobile).toBe(200);
      expect(t.lastCode(mobile), mobile).toMatch(/^\d{4}$/);
    }
  });

  it('hold for the numbers the test helpers make', () => {
    for (const country of ['IN', 'SG', 'TH'] as const) {
      for (let i = 0; i < 200; i++) expect(parseMobile(t.freshMobile(country)), country).toBeDefined();
      for (let i = 0; i < 200; i++) {
        const parsed = parseMobile(t.freshMobile(country))!;
        expect(isMobileNumber(parsed.country, parsed.national)).toBe(true);
      }
    }
    for (let i = 0; i < 200; i++) expect(isMobileNumber(countryByIso('IN')!, freshNationalNumber())).toBe(true);
  });
});

describe('codes', () => {
  it('work until 10 minutes have passed, then answer 412', async () => {
    const early = t.freshMobile();
    const code1 = await requestCode(early);
    t.clock.advance(10 * MINUTE - 1);
    expect((await t.call('verifyOtp', { mobile: early, otp: code1 })).status).toBe(200);

    const late = t.freshMobile();
    const code2 = await requestCode(late);
    t.clock.advance(10 * MINUTE);
    const answer = await t.call('verifyOtp', { mobile: late, otp: code2 });
    expect(answer.status).toBe(412);
    expect(answer.body).toMatchObject({ statusCode: 412, error: 'Precondition Failed', message: expect.stringMatching(/expired/), reason: 'expired' });
  });

  it('work once', async () => {
    const mobile = t.freshMobile();
    const code = await requestCode(mobile);
    expect((await t.call('verifyOtp', { mobile, otp: code })).status).toBe(200);
    const again = await t.call('verifyOtp', { mobile, otp: code });
    // a used code answers as no code at all: whether the number signed in is not told (issue 21)
    expect(again.status).toBe(412);
    expect(again.ok ? '' : again.body.reason).toBe('no-code');
  });

  it('answer 412 when no code was requested', async () => {
    const answer = await t.call('verifyOtp', { mobile: t.freshMobile(), otp: '1234' });
    expect(answer.status).toBe(412);
    expect(answer.ok ? '' : answer.body.message).toMatch(/ask for a code/);
    expect(answer.ok ? '' : answer.body.reason).toBe('no-code');
  });

  it('answer 401 Incorrect code for a wrong code', async () => {
    const mobile = t.freshMobile();
    const code = await requestCode(mobile);
    const answer = await t.call('verifyOtp', { mobile, otp: wrong(code) });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Incorrect code' });
    // A few wrong tries do not spoil the right one.
    expect((await t.call('verifyOtp', { mobile, otp: code })).status).toBe(200);
  });

  it('only the latest code of a number works', async () => {
    const mobile = t.freshMobile();
    const first = await requestCode(mobile);
    t.clock.advance(60 * SECOND);
    const second = await requestCode(mobile);
    if (first !== second) {
      expect((await t.call('verifyOtp', { mobile, otp: first })).status).toBe(401);
    }
    expect((await t.call('verifyOtp', { mobile, otp: second })).status).toBe(200);
  });

  it('are not resent within 59 s (429 with Retry-After)', async () => {
    const mobile = t.freshMobile();
    await requestCode(mobile);
    const soon = await t.call('sendOtp', { mobile });
    expect(soon.status).toBe(429);
    expect(soon.headers.get('retry-after')).toBe('59');
    expect(soon.ok ? '' : soon.body.message).toMatch(/59 seconds/);

    t.clock.advance(58 * SECOND);
    const stillSoon = await t.call('sendOtp', { mobile });
    expect(stillSoon.status).toBe(429);
    expect(stillSoon.headers.get('retry-after')).toBe('1');

    t.clock.advance(SECOND);
    expect((await t.call('sendOtp', { mobile })).status).toBe(200);
  });

  it('are burnt by 5 wrong tries: 429 with Retry-After, then the right code no longer works', async () => {
    const mobile = t.freshMobile();
    const code = await requestCode(mobile);
    for (let i = 0; i < 4; i++) expect((await t.call('verifyOtp', { mobile, otp: wrong(code) })).status).toBe(401);
    t.clock.advance(9 * SECOND);
    const fifth = await t.call('verifyOtp', { mobile, otp: wrong(code) });
    expect(fifth.status).toBe(429);
    // Retry-After says when a new code may be requested: 59 s after the last one.
    expect(fifth.headers.get('retry-after')).toBe('50');
    const right = await t.call('verifyOtp', { mobile, otp: code });
    expect(right.status).toBe(412);
    expect(right.ok ? '' : right.body.message).toMatch(/too many wrong tries/);
    expect(right.ok ? '' : right.body.reason).toBe('burnt');

    t.clock.advance(50 * SECOND);
    const fresh = await requestCode(mobile);
    expect((await t.call('verifyOtp', { mobile, otp: fresh })).status).toBe(200);
  });

  it('are limited to 5 an hour per number from one client: the 6th request is 429 with when to try again', async () => {
    const mobile = t.freshMobile();
    const start = t.clock.now();
    for (let i = 0; i < 5; i++) {
      expect((await t.call('sendOtp', { mobile })).status).toBe(200);
      t.clock.advance(60 * SECOND);
    }
    const sixth = await t.call('sendOtp', { mobile });
    expect(sixth.status).toBe(429);
    expect(sixth.ok ? '' : sixth.body.message).toMatch(/Too many codes.*Try again in 55 minutes/);
    expect(sixth.headers.get('retry-after')).toBe(String((start + HOUR - t.clock.now()) / SECOND));
    // A code already sent still works.
    expect((await t.call('verifyOtp', { mobile, otp: t.lastCode(mobile)! })).status).toBe(200);

    t.clock.advance(start + HOUR - t.clock.now() - 1);
    expect((await t.call('sendOtp', { mobile })).status).toBe(429);
    t.clock.advance(1);
    expect((await t.call('sendOtp', { mobile })).status).toBe(200);
  });

  it('slow one client down past 10 wrong tries on a number (429 slow-down, growing waits) rather than lock it', async () => {
    const mobile = t.freshMobile();
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const code = await requestCode(mobile);
      for (let i = 0; i < 5; i++) statuses.push((await t.call('verifyOtp', { mobile, otp: wrong(code) })).status);
      if (round < 2) t.clock.advance(60 * SECOND);
    }
    // 10 tries on two codes; the third code's first try is checked (its wait has passed), then waits
    expect(statuses).toEqual([401, 401, 401, 401, 429, 401, 401, 401, 401, 429, 401, 429, 429, 429, 429]);
    const early = await t.call('verifyOtp', { mobile, otp: '0000' });
    expect(early.ok ? '' : early.body.reason).toBe('slow-down');
    expect(early.headers.get('retry-after')).toBe('2');
    // no lock: a new code is sent, and the right one works once the wait is over
    t.clock.advance(60 * SECOND);
    const code = await requestCode(mobile);
    expect((await t.call('verifyOtp', { mobile, otp: code })).status).toBe(200);
  });

  it('admit one winner when the same code is verified concurrently', async () => {
    const mobile = t.freshMobile();
    const code = await requestCode(mobile);
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.call('verifyOtp', { mobile, otp: code })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412, 412, 412, 412]);
  });

  it('admit one code when several are requested concurrently', async () => {
    const mobile = t.freshMobile();
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.call('sendOtp', { mobile })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429]);
  });

  it('all equal OTP_FIXED when it is set', async () => {
    const fixed = await createServer({ db: t.server.db, now: t.clock.now, otpFixed: '1234' });
    try {
      const url = await fixed.listen();
      const mobile = t.freshMobile('TH');
      const post = (path: string, body: unknown) =>
        fetch(`${url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await post('/mobile/send-otp', { mobile })).status).toBe(200);
      expect((await post('/mobile/verify-otp', { mobile, otp: '1234' })).status).toBe(200);
    } finally {
      await fixed.close();
    }
  });
});

describe('sessions', () => {
  it('are required by auth routes: 401 without headers or with an unknown session', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const cases: Record<string, Record<string, string>> = {
      'no headers': {},
      'no session-id': { mobile: me.mobile },
      'no mobile': { 'session-id': me.tokens.token },
      'unknown session': sessionHeaders(me.mobile, 'f'.repeat(32)),
      'malformed session id': sessionHeaders(me.mobile, 'not-a-session'),
      'another user\'s session': sessionHeaders(me.mobile, other.tokens.token),
      'a login token as session id': sessionHeaders(me.mobile, me.tokens.loginToken),
    };
    for (const [name, headers] of Object.entries(cases)) {
      const answer = await t.call('getProfile', {}, { headers });
      expect(answer.status, name).toBe(401);
      expect(answer.body, name).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorised' });
    }
  });

  it('expire after 30 days: 440 Session expired', async () => {
    const me = await t.signIn();
    t.clock.advance(30 * DAY - 1);
    expect((await t.call('getProfile', {}, { session: me })).status).toBe(200);
    t.clock.advance(1);
    const answer = await t.call('getProfile', {}, { session: me });
    expect(answer.status).toBe(440);
    expect(answer.body).toEqual({ statusCode: 440, error: 'Login Time-out', message: 'Session expired' });
  });

  it('end with logout (POST), with their login token', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    expect(await t.ok('logout', { deviceId: 'device-1' }, { session: me })).toEqual({ message: expect.any(String) });
    expect((await t.call('getProfile', {}, { session: me })).status).toBe(401);
    expect((await t.call('getMediaToken', {}, { session: me })).status).toBe(401);
    expect((await t.call('logout', {}, { session: me })).status).toBe(401);
    expect((await t.call('loginWithToken', { mobile: me.mobile, loginToken: me.tokens.loginToken })).status).toBe(401);
    // Someone else's session is untouched.
    expect((await t.call('getProfile', {}, { session: other })).status).toBe(200);
  });

  it('end with logout on GET too', async () => {
    const me = await t.signIn();
    const response = await t.fetch('/api/mobile/logout', { headers: me.headers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect((await t.call('getProfile', {}, { session: me })).status).toBe(401);
    const unauthenticated = await t.fetch('/api/mobile/logout');
    expect(unauthenticated.status).toBe(401);
  });
});

describe('login with token', () => {
  it('opens a new session for a valid login token of that mobile', async () => {
    const me = await t.signIn();
    t.clock.advance(DAY);
    const again = await t.ok('loginWithToken', { mobile: me.mobile, loginToken: me.tokens.loginToken });
    expect(again.token).toMatch(HEX32);
    expect(again.token).not.toBe(me.tokens.token);
    expect(again.loginToken).toBe(me.tokens.loginToken);
    expect(again.loginTokenExpiry).toBe(me.tokens.loginTokenExpiry);
    expect(again.user.user_uuid).toBe(me.tokens.user.user_uuid);
    expect((await t.call('getProfile', {}, { headers: sessionHeaders(me.mobile, again.token) })).status).toBe(200);
  });

  it('answers 401 for an unknown token, another mobile\'s token and an expired token', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const unknown = await t.call('loginWithToken', { mobile: me.mobile, loginToken: 'a'.repeat(32) });
    expect(unknown.status).toBe(401);
    expect((await t.call('loginWithToken', { mobile: other.mobile, loginToken: me.tokens.loginToken })).status).toBe(401);
    expect((await t.call('loginWithToken', { mobile: t.freshMobile(), loginToken: me.tokens.loginToken })).status).toBe(401);

    t.clock.advance(90 * DAY - 1);
    expect((await t.call('loginWithToken', { mobile: me.mobile, loginToken: me.tokens.loginToken })).status).toBe(200);
    t.clock.advance(1);
    const expired = await t.call('loginWithToken', { mobile: me.mobile, loginToken: me.tokens.loginToken });
    expect(expired.status).toBe(401);
    expect(expired.ok ? '' : expired.body.message).toMatch(/expired/);
  });

  it('refuses a malformed token with 400', async () => {
    const answer = await t.callUnchecked('loginWithToken', { mobile: t.freshMobile(), loginToken: 'XYZ' });
    expect(answer.status).toBe(400);
    expect(answer.ok ? '' : answer.body.message).toMatch(/loginToken/);
  });
});

describe('media tokens', () => {
  it('are issued for 24 h to a live session', async () => {
    const me = await t.signIn();
    const now = t.clock.now();
    const media = await t.ok('getMediaToken', {}, { session: me });
    expect(media.mediaToken).toMatch(HEX32);
    expect(media.mediaToken).not.toBe(me.tokens.mediaToken);
    expect(media.mediaTokenExpiry).toBe(now + DAY);
    expect((await t.call('getMediaToken', {})).status).toBe(401);
  });
});

describe('mobile codes', () => {
  it('stand for the caller\'s mobile for a day', async () => {
    const me = await t.signIn();
    const now = t.clock.now();
    const created = await t.ok('createMobileCode', {}, { session: me });
    expect(created.mobileCode).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(created.expiresAt).toBe(now + DAY);
    expect(await t.ok('getValueFromCode', { mobileCode: created.mobileCode })).toEqual({ mobile: me.mobile });
    // Codes are case-sensitive; an unknown one is 404.
    const unknown = await t.call('getValueFromCode', { mobileCode: 'Zz9Zz9Zz' });
    expect(unknown.status).toBe(404);
    expect(unknown.ok ? '' : unknown.body.message).toMatch(/Unknown or expired/);

    t.clock.advance(DAY - 1);
    expect((await t.call('getValueFromCode', { mobileCode: created.mobileCode })).status).toBe(200);
    t.clock.advance(1);
    expect((await t.call('getValueFromCode', { mobileCode: created.mobileCode })).status).toBe(404);
  });

  it('need a session to be created', async () => {
    expect((await t.call('createMobileCode', {})).status).toBe(401);
  });
});

describe('housekeeping', () => {
  it('sweeps expired sign-in rows, keeping expired sessions long enough to answer 440', async () => {
    const db = t.server.db;
    const me = await t.signIn();
    const user = me.tokens.user.user_uuid;
    await t.ok('createMobileCode', {}, { session: me });
    const count = async (table: string, column = 'user_uuid', value: string = user) =>
      (await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${column} = $1`, [value]))[0]?.n;

    t.clock.advance(2 * DAY);
    await sweepExpired(db, t.clock.now());
    expect(await count('mobile_codes')).toBe(0);
    expect(await count('media_tokens')).toBe(0);
    expect(await count('otp_codes', 'mobile', me.mobile)).toBe(0);
    // the number's row stays, naming the client it signed in from (issue 21: the per-number cap on
    // codes does not hold that client); one row per user, removed with the profile
    expect(await count('otp_numbers', 'mobile', me.mobile)).toBe(1);
    const stranger = t.freshMobile();
    await t.call('verifyOtp', { mobile: stranger, otp: '0000' });
    t.clock.advance(2 * HOUR);
    await sweepExpired(db, t.clock.now());
    expect(await count('otp_numbers', 'mobile', stranger)).toBe(0);
    expect(await count('sessions')).toBe(1);

    t.clock.advance(40 * DAY); // the session expired 12 days ago: still answered 440
    await sweepExpired(db, t.clock.now());
    expect((await t.call('getProfile', {}, { session: me })).status).toBe(440);

    t.clock.advance(20 * DAY); // expired 32 days ago: gone, and so 401
    await sweepExpired(db, t.clock.now());
    expect(await count('sessions')).toBe(0);
    expect((await t.call('getProfile', {}, { session: me })).status).toBe(401);
    expect(await count('login_tokens')).toBe(1); // still valid for a new session

    t.clock.advance(30 * DAY);
    await sweepExpired(db, t.clock.now());
    expect(await count('login_tokens')).toBe(0);
    expect(await count('users')).toBe(1); // the user stays
  });
});
