import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MESSAGE_STATUSES,
  advanceStatus,
  canMoveStatus,
  isUnacknowledged,
  retryStatus,
  type MessageStatus,
} from '../../../src/domain/message-status';

// The rules of the file's header: a status only moves forward (pending/failed < sent < delivered),
// failed comes only from pending, nothing moves to pending (a retry is not a move), and a late
// acknowledgement of a failed message moves it on.
const ALLOWED: Record<MessageStatus, Record<MessageStatus, boolean>> = {
  pending: { pending: false, sent: true, delivered: true, failed: true },
  sent: { pending: false, sent: false, delivered: true, failed: false },
  delivered: { pending: false, sent: false, delivered: false, failed: false },
  failed: { pending: false, sent: true, delivered: true, failed: false },
};

const RANK: Record<MessageStatus, number> = { pending: 0, failed: 0, sent: 1, delivered: 2 };

const PAIRS = MESSAGE_STATUSES.flatMap((from) => MESSAGE_STATUSES.map((to) => [from, to, ALLOWED[from][to]] as const));

describe('message status', () => {
  it('lists the four statuses', () => {
    expect([...MESSAGE_STATUSES].sort()).toEqual(['delivered', 'failed', 'pending', 'sent']);
    expect(PAIRS).toHaveLength(16);
  });

  it.each(PAIRS)('canMoveStatus(%s → %s) is %s', (from, to, allowed) => {
    expect(canMoveStatus(from, to)).toBe(allowed);
  });

  it.each(PAIRS)('advanceStatus(%s, %s) moves only when allowed (%s)', (from, to, allowed) => {
    expect(advanceStatus(from, to)).toBe(allowed ? to : from);
  });

  it('retryStatus puts only a failed message back to pending', () => {
    expect(retryStatus('failed')).toBe('pending');
    expect(retryStatus('pending')).toBe('pending');
    expect(retryStatus('sent')).toBe('sent');
    expect(retryStatus('delivered')).toBe('delivered');
  });

  it('only pending is unacknowledged', () => {
    expect(MESSAGE_STATUSES.filter(isUnacknowledged)).toEqual(['pending']);
  });

  it('property: advanceStatus never lowers the rank, and failed comes only from pending', () => {
    const status = fc.constantFrom<MessageStatus>(...MESSAGE_STATUSES);
    fc.assert(
      fc.property(status, fc.array(status, { maxLength: 40 }), (start, events) => {
        let cur = start;
        for (const ev of events) {
          const next = advanceStatus(cur, ev);
          if (RANK[next] < RANK[cur]) return false;
          if (next === 'failed' && cur !== 'failed' && cur !== 'pending') return false;
          if (next === 'pending' && cur !== 'pending') return false;
          cur = next;
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});
