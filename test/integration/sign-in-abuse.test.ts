// Issue 21 items 4, 5 and 11: sign-in codes cannot be sprayed across numbers, a stranger cannot
// lock the owner out, a wrong code answers alike whatever happened to the number, and a login
// token opens a bounded number of sessions. Clients are told apart by their address: each test
// calls from its own loopback addresses (127.0.x.y, helpers/from-address.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OTP_LIMITS } from '../../server/config/otp-limits';
import { freshAddress, postFrom, type AddressedAnswer } from './helpers/from-address';
import { startTestServer, type TestServer } from './helpers/server';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/** A code that is not `code`. */
const wrong = (code: string) => (code === '0000' ? '1111' : '0000');

function helpers(t: () => TestServer) {
  return {
    send: (from: string, mobile: string) => postFrom(t().url, from, '/mobile/send-otp', { mobile }),
    verify: (from: string, mobile: string, otp: string) => postFrom(t().url, from, '/mobile/verify-otp', { mobile, otp }),
    failures: async (mobile: string) => {
      const rows = await t().server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM otp_failures WHERE mobile = $1', [mobile]);
      return Number(rows[0]?.n ?? 0);
    },
  };
}

/** Whether the code was checked (a wrong try counted), not refused before it. */
const checked = (a: AddressedAnswer) => a.status === 401 || a.status === 412 || (a.status === 429 && a.body.reason !== 'slow-down');

describe('with the production per-number limits', () => {
  let t: TestServer;
  // Per-address caps low enough to meet in a test; every per-number limit is the default.
  beforeAll(async () => { t = await startTestServer({ otpLimits: { sendsPerClient: 6, failuresPerClient: 20 } }); });
  afterAll(() => t.close());
  const { send, verify, failures } = helpers(() => t);

  it('one address asking codes for many numbers is stopped (429 slow-down with Retry-After); another address is not', async () => {
    const sprayer = freshAddress();
    for (let i = 0; i < 6; i++) expect((await send(sprayer, t.freshMobile())).status).toBe(200);
    const seventh = await send(sprayer, t.freshMobile());
    expect(seventh.status).toBe(429);
    expect(seventh.body.reason).toBe('slow-down');
    expect(seventh.retryAfter).toBe(3600);
    // X-Forwarded-For is not believed (trustProxy is off): a forged one does not dodge the cap
    const forged = await postFrom(t.url, sprayer, '/mobile/send-otp', { mobile: t.freshMobile() }, { 'x-forwarded-for': '203.0.113.9' });
    expect(forged.status).toBe(429);
    expect((await send(freshAddress(), t.freshMobile())).status).toBe(200);
  });

  it('one address guessing codes across numbers is stopped after its failures (429); the owner elsewhere still signs in', async () => {
    const guesser = freshAddress();
    const owners = Array.from({ length: 5 }, () => ({ mobile: t.freshMobile(), from: freshAddress() }));
    for (const owner of owners) expect((await send(owner.from, owner.mobile)).status).toBe(200);
    // 20 failures pass (4 × 401 and the burning 429 on each of 4 numbers) …
    for (const owner of owners.slice(0, 4)) {
      for (let i = 0; i < 5; i++) expect(checked(await verify(guesser, owner.mobile, wrong(t.lastCode(owner.mobile)!)))).toBe(true);
    }
    // … then this address waits, whatever number it tries
    const last = owners[4]!;
    const refused = await verify(guesser, last.mobile, t.lastCode(last.mobile)!);
    expect(refused.status).toBe(429);
    expect(refused.body.reason).toBe('slow-down');
    expect(refused.retryAfter).toBe(3600);
    // the owner's own correct code works
    expect((await verify(last.from, last.mobile, t.lastCode(last.mobile)!)).status).toBe(200);
  });

  it('a stranger asking codes for the number neither spoils the owner\'s code nor stops the owner asking for one', async () => {
    const mobile = t.freshMobile();
    const owner = freshAddress();
    const stranger = freshAddress();
    expect((await send(owner, mobile)).status).toBe(200);
    const ownersCode = t.lastCode(mobile)!;
    // five codes asked by the stranger within the hour (today: the sixth request is a 423 for an hour)
    for (let i = 0; i < 5; i++) {
      t.clock.advance(60 * SECOND);
      expect((await send(stranger, mobile)).status).toBe(200);
    }
    const strangers6th = await send(stranger, mobile);
    expect(strangers6th.status).toBe(429);
    // the owner's code was not replaced by the stranger's
    expect((await verify(owner, mobile, ownersCode)).status).toBe(200);
    // and the owner may ask for another
    expect((await send(owner, mobile)).status).toBe(200);
    expect((await verify(owner, mobile, t.lastCode(mobile)!)).status).toBe(200);
  });

  it('strangers filling a number\'s hourly codes (423) do not keep the client it last signed in from from a code', async () => {
    const mobile = t.freshMobile();
    const owner = freshAddress();
    expect((await send(owner, mobile)).status).toBe(200);
    expect((await verify(owner, mobile, t.lastCode(mobile)!)).status).toBe(200);
    t.clock.advance(60 * SECOND);
    // 4 strangers × 5 codes: the number's 20 (the owner's first one makes 21)
    for (let a = 0; a < 4; a++) {
      const stranger = freshAddress();
      for (let i = 0; i < 5; i++) {
        const answer = await send(stranger, mobile);
        expect(answer.status).toBe(a === 3 && i === 4 ? 423 : 200);
        t.clock.advance(60 * SECOND);
      }
    }
    const another = await send(freshAddress(), mobile);
    expect(another.status).toBe(423);
    expect(another.retryAfter).toBeGreaterThan(0);
    // the owner's device still gets a code, and it works
    expect((await send(owner, mobile)).status).toBe(200);
    expect((await verify(owner, mobile, t.lastCode(mobile)!)).status).toBe(200);
  });

  it('a stranger\'s wrong codes from other addresses do not stop the owner\'s correct code', async () => {
    const mobile = t.freshMobile();
    const owner = freshAddress();
    expect((await send(owner, mobile)).status).toBe(200);
    const code = t.lastCode(mobile)!;
    // 20 wrong tries from 4 addresses (today 15 lock the number for an hour, 423)
    for (let a = 0; a < 4; a++) {
      const stranger = freshAddress();
      for (let i = 0; i < 5; i++) expect(checked(await verify(stranger, mobile, wrong(code)))).toBe(true);
    }
    expect(await failures(mobile)).toBe(20);
    expect((await verify(owner, mobile, code)).status).toBe(200);
  });

  it('one client on one number waits longer and longer past its free tries (429 slow-down), without stopping the owner', async () => {
    const mobile = t.freshMobile();
    const owner = freshAddress();
    const attacker = freshAddress();
    expect((await send(owner, mobile)).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      expect((await send(attacker, mobile)).status).toBe(200);
      const code = t.lastCode(mobile)!;
      for (let i = 0; i < 5; i++) expect(checked(await verify(attacker, mobile, wrong(code)))).toBe(true);
      t.clock.advance(60 * SECOND);
    }
    expect((await send(attacker, mobile)).status).toBe(200);
    const code = t.lastCode(mobile)!;
    // the 11th try is checked (the wait after the 10th, 1 s, has passed); then 2 s, 4 s …
    expect((await verify(attacker, mobile, wrong(code))).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const early = await verify(attacker, mobile, wrong(code));
      expect(early.status).toBe(429);
      expect(early.body.reason).toBe('slow-down');
      waits.push(early.retryAfter!);
      t.clock.advance(early.retryAfter! * SECOND);
      expect(checked(await verify(attacker, mobile, wrong(code)))).toBe(true);
    }
    expect(waits).toEqual([2, 4, 8]);
    // the owner's code (asked 2 minutes ago, valid 10) still works from the owner's address
    const ownersCode = await t.server.db.query<{ code: string }>('SELECT code FROM otp_codes WHERE mobile = $1 ORDER BY id LIMIT 1', [mobile]);
    expect((await verify(owner, mobile, ownersCode[0]!.code)).status).toBe(200);
  });

  it('bound brute force to 100 wrong codes a number an hour (ASVS V6); past strangers\' 80 only the owner\'s own code is tried, then 423 for everyone', async () => {
    expect(DEFAULT_OTP_LIMITS.failuresPerNumber).toBe(100);
    const mobile = t.freshMobile();
    const owner = freshAddress();
    expect((await send(owner, mobile)).status).toBe(200);
    const ownersCode = t.lastCode(mobile)!;
    // 25 addresses × 4 wrong guesses at the owner's code: 100 tries, 80 checked
    const answers: AddressedAnswer[] = [];
    for (let a = 0; a < 25; a++) {
      const stranger = freshAddress();
      for (let i = 0; i < 4; i++) answers.push(await verify(stranger, mobile, wrong(ownersCode)));
    }
    expect(answers.filter(checked)).toHaveLength(80);
    expect(answers.slice(80).every((a) => a.status === 429 && a.body.reason === 'slow-down' && a.retryAfter! > 0)).toBe(true);
    expect(await failures(mobile)).toBe(80);
    // strangers that ask codes of their own may spend the owner's reserve, and no more: 20 more, then 423
    const tail: number[] = [];
    for (let a = 0; a < 4; a++) {
      const stranger = freshAddress();
      expect((await send(stranger, mobile)).status).toBe(200);
      const theirs = t.lastCode(mobile)!;
      for (let i = 0; i < 5; i++) tail.push((await verify(stranger, mobile, wrong(theirs))).status);
    }
    expect(await failures(mobile)).toBe(100);
    expect(tail[tail.length - 1]).toBe(423);
    const after = await verify(owner, mobile, ownersCode);
    expect(after.status).toBe(423);
    expect(after.retryAfter).toBe(3600);
    expect(await failures(mobile)).toBe(100);
    t.clock.advance(HOUR);
    expect((await send(owner, mobile)).status).toBe(200);
    expect((await verify(owner, mobile, t.lastCode(mobile)!)).status).toBe(200);
  });

  it('a wrong code answers alike whether or not the number signed in within the hour, and counts as a failure', async () => {
    const signedIn = t.freshMobile();
    const owner = freshAddress();
    expect((await send(owner, signedIn)).status).toBe(200);
    expect((await verify(owner, signedIn, t.lastCode(signedIn)!)).status).toBe(200);
    const never = t.freshMobile();
    const stranger = freshAddress();
    const a = await verify(stranger, signedIn, '0000');
    const b = await verify(stranger, never, '0000');
    expect(a.status).toBe(412);
    expect(a).toEqual(b);
    expect(a.body.reason).toBe('no-code');
    // the owner's own repeat of the used code answers the same
    expect(await verify(owner, signedIn, '0000')).toEqual(a);
    expect(await failures(signedIn)).toBe(2);
    expect(await failures(never)).toBe(1);
  });
});

describe('server-wide and per-country caps', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ otpLimits: { sendsGlobal: 4, sendsPerCountryDay: { SG: 2 }, failuresGlobal: 3 } });
  });
  afterAll(() => t.close());
  const { send, verify } = helpers(() => t);

  it('a country takes at most its daily codes, the server its hourly ones (429 with Retry-After)', async () => {
    for (let i = 0; i < 2; i++) expect((await send(freshAddress(), t.freshMobile('SG'))).status).toBe(200);
    const sg = await send(freshAddress(), t.freshMobile('SG'));
    expect(sg.status).toBe(429);
    expect(sg.retryAfter).toBe(24 * 3600);
    for (let i = 0; i < 2; i++) expect((await send(freshAddress(), t.freshMobile('IN'))).status).toBe(200);
    const global = await send(freshAddress(), t.freshMobile('IN'));
    expect(global.status).toBe(429);
    expect(global.retryAfter).toBe(3600);
    t.clock.advance(HOUR);
    expect((await send(freshAddress(), t.freshMobile('IN'))).status).toBe(200);
    expect((await send(freshAddress(), t.freshMobile('SG'))).status).toBe(429);
    t.clock.advance(23 * HOUR);
    expect((await send(freshAddress(), t.freshMobile('SG'))).status).toBe(200);
  });

  it('the server takes a bounded number of wrong codes an hour from everyone (429)', async () => {
    for (let i = 0; i < 3; i++) expect((await verify(freshAddress(), t.freshMobile(), '0000')).status).toBe(412);
    const fourth = await verify(freshAddress(), t.freshMobile(), '0000');
    expect(fourth.status).toBe(429);
    expect(fourth.body.reason).toBe('slow-down');
  });
});

describe('a login token', () => {
  let t: TestServer;
  beforeAll(async () => { t = await startTestServer(); });
  afterAll(() => t.close());

  it(`opens at most ${DEFAULT_OTP_LIMITS.sessionsPerLoginTokenPerWindow} sessions an hour (429), ${DEFAULT_OTP_LIMITS.liveSessionsPerLoginToken} live at once (the oldest end)`, async () => {
    const me = await t.signIn();
    const body = { mobile: me.mobile, loginToken: me.tokens.loginToken };
    const opened: string[] = [me.tokens.token];
    let refused: Awaited<ReturnType<typeof t.call>> | undefined;
    for (let i = 0; i < DEFAULT_OTP_LIMITS.sessionsPerLoginTokenPerWindow + 5 && !refused; i++) {
      t.clock.advance(SECOND); // the oldest session is the one opened first
      const answer = await t.call('loginWithToken', body);
      if (answer.ok) opened.push(answer.body.token);
      else refused = answer;
    }
    expect(opened).toHaveLength(DEFAULT_OTP_LIMITS.sessionsPerLoginTokenPerWindow);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBe(3600 - opened.length);
    const live: boolean[] = [];
    for (const token of opened) {
      const answer = await t.call('getProfile', {}, { session: { mobile: me.mobile, tokens: me.tokens, headers: { mobile: me.mobile, 'session-id': token } } });
      live.push(answer.status === 200);
    }
    expect(live.filter(Boolean)).toHaveLength(DEFAULT_OTP_LIMITS.liveSessionsPerLoginToken);
    expect(live.slice(-DEFAULT_OTP_LIMITS.liveSessionsPerLoginToken).every(Boolean)).toBe(true);
    t.clock.advance(HOUR);
    expect((await t.call('loginWithToken', body)).status).toBe(200);
  });
});
