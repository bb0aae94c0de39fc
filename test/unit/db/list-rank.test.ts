// listRank: ascending order of the rank is the chat list's order (pinned first, then the other
// shown conversations, newest activity first; archived and blocked ones after them), so the chat
// list reads its first screenful as one ascending range of the list_rank index.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { listRank, withListRank, type RankedFields } from '../../../src/db/schemas/conversations.schema';
import { visibleConversations } from '../../../src/screens/home/conversation-preview';
import { newConversation } from '../../../src/db/modify-conversation';

type Row = RankedFields & { bot_uuid: string };

const time = fc.oneof(fc.constant(0), fc.integer({ min: 1_600_000_000_000, max: 2_100_000_000_000 }), fc.integer({ min: 0, max: 1e15 }));
const row = fc.record({
  bot_uuid: fc.string({ minLength: 1, maxLength: 16 }),
  pinned: fc.boolean(),
  archive_time: fc.option(time, { nil: null }),
  block_time: fc.option(time, { nil: null }),
  last_activity: time,
});

// the order the list had before the index: last activity descending (ties by primary key, as RxDB
// breaks them), then pinned first among the shown ones
const byActivity = (a: Row, b: Row) => b.last_activity - a.last_activity || (a.bot_uuid < b.bot_uuid ? -1 : a.bot_uuid > b.bot_uuid ? 1 : 0);
const byRank = (a: Row, b: Row) => {
  const ra = listRank(a);
  const rb = listRank(b);
  return ra < rb ? -1 : ra > rb ? 1 : a.bot_uuid < b.bot_uuid ? -1 : a.bot_uuid > b.bot_uuid ? 1 : 0;
};

it('orders like the list: the shown conversations first in the list\'s order, then the hidden ones', () => {
  fc.assert(fc.property(fc.uniqueArray(row, { selector: (r) => r.bot_uuid, maxLength: 30 }), (rows) => {
    const ranked = [...rows].sort(byRank);
    const shown = visibleConversations([...rows].sort(byActivity));
    expect(ranked.slice(0, shown.length).map((r) => r.bot_uuid)).toEqual(shown.map((r) => r.bot_uuid));
    // the rest are the archived or blocked ones, newest first
    const hidden = ranked.slice(shown.length);
    for (const r of hidden) expect(r.archive_time !== null || r.block_time !== null).toBe(true);
    expect(hidden.map((r) => r.bot_uuid)).toEqual([...hidden].sort(byActivity).map((r) => r.bot_uuid));
  }), { numRuns: 500 });
});

it('is 17 characters for every time, and withListRank keeps an up-to-date document as it is', () => {
  fc.assert(fc.property(row, (r) => {
    expect(listRank(r)).toHaveLength(17);
  }));
  const fresh = newConversation('b1');
  expect(fresh.list_rank).toBe(listRank(fresh));
  expect(withListRank(fresh)).toBe(fresh);
  const pinned = withListRank({ ...fresh, pinned: true });
  expect(pinned.list_rank < fresh.list_rank).toBe(true);
});
