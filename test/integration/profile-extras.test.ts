// Issue 18's profile routes against the real server: the profile photo's upload details, the
// emailed verification link (mailer interface; the link's signature, expiry and address), custom
// codes (details, authenticate, update-profile's custom_code), get-reason-list and the deletion
// reason; each with bad input (a clear 4xx), ownership and Idempotency-Key replays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../../server/mail/mailer';
import { DAY_MS } from '../../src/domain/constants';
import { postUpload, SAMPLES } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';

const sent: Mail[] = [];
const mailer: Mailer = { kind: 'log', send: async (mail) => { sent.push(mail); } };
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ mailer });
}, 120_000);
afterAll(() => t.close());

const PNG = SAMPLES.find((s) => s.label === 'PNG')!.data;
const lastLinkTo = (email: string) => sent.filter((m) => m.to === email).at(-1)?.link ?? '';
const pathOf = (link: string) => link.slice(new URL(link).origin.length);

describe('get-profile-photo-upload-details', () => {
  it('answers a photo_uuid whose upload update-profile takes; another user cannot use it', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const details = await t.ok('getProfilePhotoUploadDetails', { content_type: 'image/png' }, { session: me });
    expect(details.photo_uuid).toBe(details.media_uuid);
    expect((await postUpload(details, PNG)).status).toBe(204);
    const stolen = await t.call('updateProfile', { photo_uuid: details.photo_uuid }, { session: other });
    expect(stolen.status).toBe(400);
    expect((await t.ok('updateProfile', { photo_uuid: details.photo_uuid }, { session: me })).photo).toBe(details.photo_uuid);
  });

  it('refuses a type that is not a picture with a clear 400', async () => {
    const me = await t.signIn();
    const answer = await t.callUnchecked('getProfilePhotoUploadDetails', { content_type: 'video/mp4' }, { session: me });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('content_type must be an image type');
  });
});

describe('email verification', () => {
  it('sends a signed link to the email; opening it marks the email verified, and only that email', async () => {
    const me = await t.signIn();
    const email = `asha.${Date.now()}@example.com`;
    expect((await t.call('resendEmailVerificationLink', {}, { session: me })).status).toBe(404);
    await t.ok('updateProfile', { email: `  ${email} ` }, { session: me });
    const answer = await t.ok('resendEmailVerificationLink', {}, { session: me });
    expect(answer.sent_to).toBe(email);
    expect(answer.expires_at).toBe(t.clock.now() + DAY_MS);
    const link = lastLinkTo(email);
    expect(link).toMatch(/\/api\/user\/verify-email\?token=/);
    expect((await t.ok('getProfile', {}, { session: me })).email_verified).toBe(false);

    const opened = await t.fetch(pathOf(link), { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/manage-profile?email=verified');
    expect((await t.ok('getProfile', {}, { session: me })).email_verified).toBe(true);
    expect((await t.call('resendEmailVerificationLink', {}, { session: me })).status).toBe(409);

    // a new address is not verified by the old link
    await t.ok('updateProfile', { email: `new.${email}` }, { session: me });
    expect((await t.ok('getProfile', {}, { session: me })).email_verified).toBe(false);
    const again = await t.fetch(pathOf(link), { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/manage-profile?email=changed');
    expect((await t.ok('getProfile', {}, { session: me })).email_verified).toBe(false);
  });

  it('refuses a tampered link and one past its expiry', async () => {
    const me = await t.signIn();
    const email = `ravi.${Date.now()}@example.com`;
    await t.ok('updateProfile', { email }, { session: me });
    await t.ok('resendEmailVerificationLink', {}, { session: me });
    const link = lastLinkTo(email);
    const tampered = `${pathOf(link).slice(0, -3)}abc`;
    expect((await t.fetch(tampered, { redirect: 'manual' })).headers.get('location')).toBe('/manage-profile?email=invalid');
    expect((await t.fetch('/api/user/verify-email', { redirect: 'manual' })).headers.get('location')).toBe('/manage-profile?email=invalid');
    t.clock.advance(DAY_MS + 1);
    expect((await t.fetch(pathOf(link), { redirect: 'manual' })).headers.get('location')).toBe('/manage-profile?email=expired');
  });

  it('is replayed for a repeated Idempotency-Key (one mail)', async () => {
    const me = await t.signIn();
    const email = `kiran.${Date.now()}@example.com`;
    await t.ok('updateProfile', { email }, { session: me });
    const key = crypto.randomUUID();
    const first = await t.call('resendEmailVerificationLink', {}, { session: me, headers: { 'idempotency-key': key } });
    const second = await t.call('resendEmailVerificationLink', {}, { session: me, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(sent.filter((m) => m.to === email)).toHaveLength(1);
  });
});

describe('custom codes', () => {
  it('get-details answers the seeded school code in any case; an unknown code is 404 and bad input 400', async () => {
    const me = await t.signIn();
    expect(await t.ok('getCustomCodeDetails', { custom_code: ' school2026 ' }, { session: me })).toEqual({
      custom_code: 'SCHOOL2026', name: 'Saathi Public School', type: 'additive', included_features: ['competition_zone', 'skills_corner', 'digital_class'], excluded_features: [],
    });
    expect((await t.call('getCustomCodeDetails', { custom_code: 'NOPE123' }, { session: me })).status).toBe(404);
    expect((await t.callUnchecked('getCustomCodeDetails', { custom_code: 'a b' }, { session: me })).status).toBe(400);
    expect((await t.callUnchecked('getCustomCodeDetails', {}, { session: me })).status).toBe(400);
  });

  it('authenticate-custom-code puts the code and its features on the caller only; empty removes it', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const profile = await t.ok('authenticateCustomCode', { custom_code: 'norewards', user_details: { name: '  Meena  ' } }, { session: me });
    expect(profile.custom_code).toBe('NOREWARDS');
    expect(profile.name).toBe('Meena');
    expect(profile.custom_code_details).toMatchObject({ type: 'additive', excluded_features: ['rewards', 'engage'] });
    expect((await t.ok('getProfile', {}, { session: other })).custom_code).toBeNull();
    expect((await t.call('authenticateCustomCode', { custom_code: 'UNKNOWN1', user_details: {} }, { session: me })).status).toBe(404);
    expect((await t.ok('getProfile', {}, { session: me })).custom_code).toBe('NOREWARDS');
    expect((await t.ok('authenticateCustomCode', { custom_code: '', user_details: {} }, { session: me })).custom_code_details).toBeNull();
  });

  it('update-profile takes only a known code', async () => {
    const me = await t.signIn();
    expect((await t.call('updateProfile', { custom_code: 'MADEUP99' }, { session: me })).status).toBe(404);
    expect((await t.ok('updateProfile', { custom_code: 'feedonly' }, { session: me })).custom_code_details?.type).toBe('exclusive');
  });

  it('authenticate-custom-code is replayed for a repeated Idempotency-Key and 422 with another body', async () => {
    const me = await t.signIn();
    const key = crypto.randomUUID();
    const headers = { 'idempotency-key': key };
    const first = await t.call('authenticateCustomCode', { custom_code: 'SCHOOL2026', user_details: {} }, { session: me, headers });
    const replay = await t.call('authenticateCustomCode', { custom_code: 'SCHOOL2026', user_details: {} }, { session: me, headers });
    expect(replay.body).toEqual(first.body);
    expect((await t.call('authenticateCustomCode', { custom_code: 'NOREWARDS', user_details: {} }, { session: me, headers })).status).toBe(422);
  });
});

describe('get-reason-list and delete-profile', () => {
  it('answers the reasons in the request\'s language', async () => {
    const me = await t.signIn();
    const en = await t.ok('getReasonList', {}, { session: me });
    expect(en.reason_list).toHaveLength(5);
    expect(en.reason_list[0]!.reason).toBe('I get too many messages');
    const te = await t.ok('getReasonList', {}, { session: me, headers: { language: 'te' } });
    expect(te.reason_list[0]!.reason).toBe('నాకు మరీ ఎక్కువ సందేశాలు వస్తున్నాయి');
    expect((await t.callUnchecked('getReasonList', { extra: 1 }, { session: me })).status).toBe(400);
    expect((await t.call('getReasonList', {})).status).toBe(401);
  });

  it('delete-profile takes a listed reason and refuses another', async () => {
    const me = await t.signIn();
    const reasons = (await t.ok('getReasonList', {}, { session: me })).reason_list;
    expect((await t.call('deleteProfile', { reason_uuid: '00000000-0000-4000-8000-000000000000' }, { session: me })).status).toBe(400);
    expect((await t.call('deleteProfile', { reason_uuid: reasons[2]!.reason_uuid }, { session: me })).status).toBe(200);
  });
});
