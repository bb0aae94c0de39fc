// Cash rewards are paid out through the payments area (issues 14 and 15 together): the rewards
// ledger is the server's payout source, so saving a UPI address with process_pending_payouts pays
// each unclaimed cash entry once to that address, a failing address leaves them failed (retried by
// the next address), and the rewards home tells whether a method is saved.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { earn } from '../../server/rewards/ledger';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ payments: { sandboxDelivery: 'manual' } });
});
afterAll(() => t.close());

const s = (me: TestSession) => ({ session: me });
const states = async (me: TestSession) =>
  (await t.server.db.query<{ payout_state: string }>(`SELECT payout_state FROM reward_ledger WHERE user_uuid = $1 AND kind = 'cash' ORDER BY created_at, entry_id`, [me.tokens.user.user_uuid])).map((r) => r.payout_state);

it('pays the ledger\'s unclaimed cash once to the saved address; a failing address leaves it failed for the next', async () => {
  const me = await t.signIn();
  const other = await t.signIn();
  for (const [who, amount] of [[me, 5000], [me, 2500], [other, 900]] as const) {
    await earn(t.server.db, { userUuid: who.tokens.user.user_uuid, sourceKey: `test:${randomUUID()}`, source: 'lucky_draw', kind: 'cash', amountMinor: amount, currency: 'INR' }, t.clock.now());
  }
  await t.ok('rewardsAcceptTnc', {}, s(me));
  let home = await t.ok('rewardsGetHomePage', {}, s(me));
  expect(home.saved_payment_method_available).toBe(false);
  expect(home.unclaimed_payouts).toHaveLength(2);

  const failing = await t.ok('saveMethod', { type: 'upi', details: { vpa: 'failure@upi' }, is_primary: true, process_pending_payouts: true }, s(me));
  expect(failing.payouts.map((p) => p.status)).toEqual(['failed', 'failed']);
  expect(await states(me)).toEqual(['failed', 'failed']);

  const paying = await t.ok('saveMethod', { type: 'upi', details: { vpa: 'cash.success@upi' }, is_primary: true, process_pending_payouts: true }, s(me));
  expect(paying.payouts.map((p) => [p.status, p.amount.price]).sort()).toEqual([['paid', 2500], ['paid', 5000]]);
  expect(await states(me)).toEqual(['paid', 'paid']);
  // asked again: nothing is owed, nothing paid twice
  const again = await t.ok('setMethodPrimary', { payment_method_uuid: paying.payment_method.payment_method_uuid, process_pending_payouts: true }, s(me));
  expect(again.payouts).toEqual([]);

  home = await t.ok('rewardsGetHomePage', {}, s(me));
  expect(home.saved_payment_method_available).toBe(true);
  expect(home.unclaimed_payouts).toEqual([]);
  // another user's cash is theirs: untouched
  expect(await states(other)).toEqual(['unclaimed']);
});
