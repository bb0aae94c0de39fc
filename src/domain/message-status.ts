// Status of a message the user sends (DESIGN.md §4). It only moves forward:
//   pending    durable on this device, not yet acknowledged by the server (clock mark)
//   sent       the server stored it: its answer or socket echo carried the message's sk (one tick)
//   delivered  the bot answered after it (two ticks)
//   failed     the server refused it for good; reachable only from pending
// A retry moves failed back to pending: the one step backwards, and only on the user's request.
// A late acknowledgement of a failed message is the server's truth and moves it on to sent.

export type MessageStatus = 'pending' | 'sent' | 'delivered' | 'failed';

export const MESSAGE_STATUSES: readonly MessageStatus[] = ['pending', 'sent', 'delivered', 'failed'];

const RANK: Record<MessageStatus, number> = { pending: 0, failed: 0, sent: 1, delivered: 2 };

/** Whether the engine may move a message from `from` to `to` (a retry is not a move: see retryStatus). */
export function canMoveStatus(from: MessageStatus, to: MessageStatus): boolean {
  if (from === to) return false;
  if (to === 'failed') return from === 'pending';
  if (to === 'pending') return false;
  return RANK[to] > RANK[from];
}

/** The status after an event that says `to`: `to` when the move is allowed, else unchanged. */
export function advanceStatus(from: MessageStatus, to: MessageStatus): MessageStatus {
  return canMoveStatus(from, to) ? to : from;
}

/** A retry (the user's tap) puts a failed message back in the queue; other statuses stay. */
export function retryStatus(from: MessageStatus): MessageStatus {
  return from === 'failed' ? 'pending' : from;
}

/** Still to be delivered by the outbox. */
export function isUnacknowledged(status: MessageStatus): boolean {
  return status === 'pending';
}
