// Profile, places and account deletion against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/api/contract';
import { startTestServer, type BodyInput, type TestServer, type TestSession } from './helpers/server';
import { postUpload, SAMPLES } from './helpers/media';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const PNG = SAMPLES.find((s) => s.label === 'PNG')!.data;

/** Asks for a profile-photo upload (or another purpose) and, unless told not to, uploads it. */
async function photoOf(me: TestSession, { purpose = 'profile', upload = true }: { purpose?: 'profile' | 'chat'; upload?: boolean } = {}): Promise<string> {
  const details = await t.ok('getMediaUploadDetails', { content_type: 'image/png', purpose }, { session: me });
  if (upload) expect((await postUpload(details, PNG)).status).toBe(204);
  return details.media_uuid;
}

async function update(me: TestSession, body: BodyInput<'updateProfile'>): Promise<Profile> {
  return t.ok('updateProfile', body, { session: me });
}

function message(answer: { ok: boolean; body: unknown }): string {
  return answer.ok ? '' : (answer.body as { message: string }).message;
}

describe('get-profile', () => {
  it('is a GET that answers the signed-in user\'s profile', async () => {
    const me = await t.signIn();
    const response = await t.fetch('/api/user/get-profile', { headers: me.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual(me.tokens.user);
    expect((await t.fetch('/api/user/get-profile', { method: 'POST', headers: me.headers })).status).toBe(405);
  });
});

describe('update-profile', () => {
  it('trims the name and email and keeps fields that are left out', async () => {
    const me = await t.signIn();
    const first = await update(me, { name: '  Asha Rao  ', email: '  asha@example.com ' });
    expect(first).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com' });
    const second = await update(me, { gender: 'female' });
    expect(second).toMatchObject({ name: 'Asha Rao', email: 'asha@example.com', gender: 'female' });
    expect(await t.ok('getProfile', {}, { session: me })).toEqual(second);
  });

  it('is complete only with name, state, city, dob, gender, email and photo', async () => {
    const me = await t.signIn();
    const steps: [string, BodyInput<'updateProfile'>][] = [
      ['name', { name: 'Ravi' }],
      ['state', { state_code: 'MH' }],
      ['city', { city: 'Pune' }],
      ['dob', { dob: { year: 1994, month: 8, day: 15 } }],
      ['gender', { gender: 'male' }],
      ['email', { email: 'ravi@example.com' }],
    ];
    for (const [field, body] of steps) {
      expect((await update(me, body)).profileComplete, field).toBe(false);
    }
    const PHOTO = await photoOf(me);
    const complete = await update(me, { photo_uuid: PHOTO, language: 'mr' });
    expect(complete).toMatchObject({
      name: 'Ravi', state: { code: 'MH', name: 'Maharashtra' }, city: 'Pune', dob: { year: 1994, month: 8, day: 15 },
      gender: 'male', email: 'ravi@example.com', photo: PHOTO, language: 'mr', profileComplete: true,
    });
    // Clearing any one of them makes it incomplete again.
    expect((await update(me, { email: '' })).profileComplete).toBe(false);
    expect((await update(me, { email: 'ravi@example.com' })).profileComplete).toBe(true);
    expect((await update(me, { photo_uuid: null })).profileComplete).toBe(false);
    expect((await update(me, { photo_uuid: PHOTO, dob: null })).profileComplete).toBe(false);
  });

  it('takes as photo_uuid only the caller\'s own finished profile-photo upload (issue 21, item 10)', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const refused = async (photo_uuid: string, why: RegExp) => {
      const answer = await t.call('updateProfile', { photo_uuid }, { session: me });
      expect(answer.status, photo_uuid).toBe(400);
      expect(message(answer)).toMatch(why);
    };
    await refused(await photoOf(other), /not an upload of yours/);
    await refused('3f2b8c1e-7d4a-4e6b-9a1c-2d5e8f0a1b3c', /not an upload of yours/);
    await refused(await photoOf(me, { purpose: 'chat' }), /not as a profile photo/);
    await refused(await photoOf(me, { upload: false }), /has not been uploaded yet/);
    expect((await t.ok('getProfile', {}, { session: me })).photo).toBeNull();
    const mine = await photoOf(me);
    expect((await update(me, { photo_uuid: mine })).photo).toBe(mine);
    // keeping the current photo, or clearing it, needs no new check
    expect((await update(me, { photo_uuid: mine, name: 'Asha' })).photo).toBe(mine);
    expect((await update(me, { photo_uuid: null })).photo).toBeNull();
  });

  it('checks the state against the user\'s country and the city against the state', async () => {
    const me = await t.signIn();
    const unknownState = await t.call('updateProfile', { state_code: 'XX' }, { session: me });
    expect(unknownState.status).toBe(400);
    expect(message(unknownState)).toMatch(/XX is not a state of India/);

    const cityFirst = await t.call('updateProfile', { city: 'Pune' }, { session: me });
    expect(cityFirst.status).toBe(400);
    expect(message(cityFirst)).toMatch(/state/);

    const wrongCity = await t.call('updateProfile', { state_code: 'GJ', city: 'Pune' }, { session: me });
    expect(wrongCity.status).toBe(400);
    expect(message(wrongCity)).toMatch(/Pune is not in the list of Gujarat/);
    // Nothing of a refused update is kept.
    expect((await t.ok('getProfile', {}, { session: me })).state).toBeNull();

    // A Singapore region is not an Indian state.
    expect((await t.call('updateProfile', { state_code: 'CR' }, { session: me })).status).toBe(400);

    // Cities match whatever the case and spacing, and are stored as listed.
    const ok = await update(me, { state_code: 'gj', city: '  vadodara ' });
    expect(ok).toMatchObject({ state: { code: 'GJ', name: 'Gujarat' }, city: 'Vadodara' });
  });

  it('accepts the former ISO codes of renamed codes and stores the current one', async () => {
    const me = await t.signIn();
    expect((await update(me, { state_code: 'TG', city: 'Warangal' })).state).toEqual({ code: 'TS', name: 'Telangana' });
    expect((await update(me, { state_code: 'CT' })).state).toEqual({ code: 'CG', name: 'Chhattisgarh' });
    expect((await update(me, { state_code: 'OR' })).state).toEqual({ code: 'OD', name: 'Odisha' });
    expect((await update(me, { state_code: 'UT' })).state).toEqual({ code: 'UK', name: 'Uttarakhand' });
  });

  it('clears the city when the state changes and both when the country changes', async () => {
    const me = await t.signIn();
    await update(me, { state_code: 'KA', city: 'Mysuru' });
    expect(await update(me, { state_code: 'KL' })).toMatchObject({ state: { code: 'KL' }, city: '' });
    // The same state again keeps the city.
    await update(me, { city: 'Kochi' });
    expect(await update(me, { state_code: 'KL' })).toMatchObject({ city: 'Kochi' });

    expect(await update(me, { country_code: 'SG' })).toMatchObject({ country_code: 'SG', country_name: 'Singapore', state: null, city: '' });
    expect(await update(me, { state_code: 'NER', city: 'Punggol' })).toMatchObject({ state: { code: 'NER', name: 'North-East Region' }, city: 'Punggol' });
    expect(await update(me, { country_code: 'TH', state_code: '50', city: 'Mueang Chiang Mai' }))
      .toMatchObject({ country_code: 'TH', state: { code: '50', name: 'Chiang Mai' }, city: 'Mueang Chiang Mai' });
  });

  it('refuses dates of birth that do not exist or lie in the future', async () => {
    const me = await t.signIn();
    const feb30 = await t.call('updateProfile', { dob: { year: 1990, month: 2, day: 30 } }, { session: me });
    expect(feb30.status).toBe(400);
    expect(message(feb30)).toMatch(/not a real date/);
    expect((await t.call('updateProfile', { dob: { year: 2000, month: 2, day: 29 } }, { session: me })).status).toBe(200);
    const nextYear = new Date(t.clock.now()).getUTCFullYear() + 1;
    const future = await t.call('updateProfile', { dob: { year: nextYear, month: 1, day: 1 } }, { session: me });
    expect(future.status).toBe(400);
    expect(message(future)).toMatch(/future/);
  });

  it('refuses a blank name and a bad email', async () => {
    const me = await t.signIn();
    const blank = await t.call('updateProfile', { name: '   ' }, { session: me });
    expect(blank.status).toBe(400);
    expect(message(blank)).toMatch(/name must not be blank/);
    const email = await t.call('updateProfile', { email: 'not-an-email' }, { session: me });
    expect(email.status).toBe(400);
    expect(message(email)).toMatch(/email is not valid/);
  });
});

describe('states and cities', () => {
  it('lists India\'s 28 states and 8 union territories with ISO codes', async () => {
    const me = await t.signIn();
    const { states } = await t.ok('getStates', { country_code: 'IN' }, { session: me });
    expect(states).toHaveLength(36);
    const codes = new Map(states.map((s) => [s.code, s.name]));
    expect(codes.get('MH')).toBe('Maharashtra');
    expect(codes.get('GJ')).toBe('Gujarat');
    expect(codes.get('TS')).toBe('Telangana');
    expect(codes.get('DL')).toBe('Delhi');
    expect(codes.get('LA')).toBe('Ladakh');
    expect(codes.get('DH')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    for (const s of states) expect(s.code).toMatch(/^[A-Z]{2}$/);
    expect(states.map((s) => s.name)).toEqual([...states.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('lists Singapore\'s 5 regions and Thailand\'s 77 provinces', async () => {
    const me = await t.signIn(t.freshMobile('SG'));
    const sg = await t.ok('getStates', { country_code: 'SG' }, { session: me });
    expect(sg.states.map((s) => s.name).sort()).toEqual(['Central Region', 'East Region', 'North Region', 'North-East Region', 'West Region']);
    const th = await t.ok('getStates', { country_code: 'TH' }, { session: me });
    expect(th.states).toHaveLength(77);
    expect(th.states).toContainEqual({ code: '10', name: 'Bangkok' });
    expect(th.states).toContainEqual({ code: '83', name: 'Phuket' });
  });

  it('lists cities of every state, sorted, with sane counts', async () => {
    const me = await t.signIn();
    const minimum = { IN: 5, SG: 6, TH: 3 } as const;
    let total = 0;
    for (const country of ['IN', 'SG', 'TH'] as const) {
      const { states } = await t.ok('getStates', { country_code: country }, { session: me });
      for (const state of states) {
        const { cities } = await t.ok('getCities', { country_code: country, state_code: state.code }, { session: me });
        const names = cities.map((c) => c.name);
        total += names.length;
        // Chandigarh is one city; Nakhon Nayok has 4 districts; Samut Sakhon and Samut Songkhram 3.
        const floor = state.code === 'CH' && country === 'IN' ? 2 : minimum[country];
        expect(names.length, `${country} ${state.name}`).toBeGreaterThanOrEqual(floor);
        expect(new Set(names).size, `${country} ${state.name}`).toBe(names.length);
        expect(names, `${country} ${state.name}`).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      }
    }
    expect(total).toBeGreaterThan(1500);
    const mh = await t.ok('getCities', { country_code: 'IN', state_code: 'MH' }, { session: me });
    expect(mh.cities.map((c) => c.name)).toEqual(expect.arrayContaining(['Mumbai', 'Pune', 'Nagpur', 'Nashik', 'Thane']));
    const cr = await t.ok('getCities', { country_code: 'SG', state_code: 'CR' }, { session: me });
    expect(cr.cities).toHaveLength(22);
    const bangkok = await t.ok('getCities', { country_code: 'TH', state_code: '10' }, { session: me });
    expect(bangkok.cities).toHaveLength(50);
  });

  it('answers 404 for a state the country does not have', async () => {
    const me = await t.signIn();
    const answer = await t.call('getCities', { country_code: 'SG', state_code: 'MH' }, { session: me });
    expect(answer.status).toBe(404);
    expect(message(answer)).toMatch(/No state MH in Singapore/);
  });

  it('need a session', async () => {
    expect((await t.call('getStates', { country_code: 'IN' })).status).toBe(401);
    expect((await t.call('getCities', { country_code: 'IN', state_code: 'MH' })).status).toBe(401);
  });
});

describe('delete-profile', () => {
  it('removes the user and everything of theirs', async () => {
    const me = await t.signIn();
    await update(me, { name: 'Meera', state_code: 'TN', city: 'Chennai' });
    const { mobileCode } = await t.ok('createMobileCode', {}, { session: me });
    const second = await t.ok('loginWithToken', { mobile: me.mobile, loginToken: me.tokens.loginToken });

    expect(await t.ok('deleteProfile', { device_id: 'device-1' }, { session: me })).toEqual({ message: expect.any(String) });

    expect((await t.call('getProfile', {}, { session: me })).status).toBe(401);
    expect((await t.call('getProfile', {}, { headers: { mobile: me.mobile, 'session-id': second.token } })).status).toBe(401);
    expect((await t.call('loginWithToken', { mobile: me.mobile, loginToken: me.tokens.loginToken })).status).toBe(401);
    expect((await t.call('getValueFromCode', { mobileCode })).status).toBe(404);

    const rows = await t.server.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM users WHERE user_uuid = $1)
            + (SELECT count(*) FROM sessions WHERE user_uuid = $1)
            + (SELECT count(*) FROM login_tokens WHERE user_uuid = $1)
            + (SELECT count(*) FROM media_tokens WHERE user_uuid = $1)
            + (SELECT count(*) FROM mobile_codes WHERE user_uuid = $1)
            + (SELECT count(*) FROM otp_codes WHERE mobile = $2) AS n`,
      [me.tokens.user.user_uuid, me.mobile],
    );
    expect(rows[0]?.n).toBe(0);

    // The number can sign up again, as a new user with an empty profile, at once.
    const again = await t.signIn(me.mobile);
    expect(again.tokens.user.user_uuid).not.toBe(me.tokens.user.user_uuid);
    expect(again.tokens.user).toMatchObject({ name: '', state: null, city: '' });
  });
});
