// Putting a send into the outbox, and taking a failed one back (DESIGN.md §2, §4). The page's
// commands call these; the engine delivers. Order of the writes matters: the outbox entry is
// written first, so whatever the UI shows as pending is already durable; if the tab dies between
// the two writes, the engine recreates the missing message document from the entry.
import type { OutgoingMessage } from '../api/messages';
import { MESSAGE_TEXT_MAX_CHARS } from '../domain/constants';
import { retryStatus } from '../domain/message-status';
import { uuidv7 } from '../domain/uuidv7';
import type { AppDatabase } from './database';
import type { MessageDoc, OutboxDoc } from './schemas';
import { isWriteConflict } from './write-conflict';
import { provisionalSortKey, reverseSortKey } from '../domain/sort-keys';

export const pkFor = (botUuid: string, owner: string): string => `pwa_${botUuid}_${owner}`;

/** The sk of a message not yet acknowledged: after every server sk, in the order written (src/domain/sort-keys.ts). */
export const provisionalSk = provisionalSortKey;

/** What the user may send as text: trimmed, not blank, at most MESSAGE_TEXT_MAX_CHARS. */
export function sendableText(text: string): string | null {
  const body = text.trim();
  if (body.length === 0 || body.length > MESSAGE_TEXT_MAX_CHARS) return null;
  return body;
}

/** The local (pending) message document of an outbox entry. */
export function pendingMessageDoc(entry: Pick<OutboxDoc, 'id' | 'bot_uuid' | 'payload' | 'created_at'>, owner: string): MessageDoc {
  const { payload } = entry;
  const sk = provisionalSk(entry.created_at, entry.id);
  return {
    id: entry.id,
    pk: pkFor(entry.bot_uuid, owner),
    sk,
    rsk: reverseSortKey(sk),
    bot_uuid: entry.bot_uuid,
    message_id: null,
    client_message_id: entry.id,
    from: 'user',
    type: payload.type,
    timestamp: entry.created_at,
    status: 'pending',
    message: {
      ...payload,
      message_id: '',
      sk,
      timestamp: entry.created_at,
      from: 'user',
    },
  };
}

/** Omit distributed over each member of the union (a plain Omit would merge them). */
type WithoutClientId<M> = M extends unknown ? Omit<M, 'client_message_id'> : never;

export interface EnqueueInput {
  botUuid: string;
  /** the message without its client id (given here) */
  payload: WithoutClientId<OutgoingMessage>;
  /** the signed-in mobile (the pk owner) */
  owner: string;
  now: number;
  id?: string;
}

/** Writes the outbox entry, then the pending message. Answers the client id. */
export async function enqueueMessage(db: AppDatabase, input: EnqueueInput): Promise<string> {
  const id = input.id ?? uuidv7();
  const entry: OutboxDoc = {
    id,
    kind: 'message',
    bot_uuid: input.botUuid,
    payload: { ...input.payload, client_message_id: id } as OutgoingMessage,
    state: 'queued',
    attempts: 0,
    next_attempt_at: 0,
    created_at: input.now,
    last_error: null,
  };
  await db.outbox.insert(entry);
  try {
    await db.messages.insert(pendingMessageDoc(entry, input.owner));
  } catch (err) {
    // The leader's flush saw the entry first and recreated its message document (or already
    // stored the server's copy): the message exists, which is all this write wanted. Seen in
    // Chromium right after a relaunch, when the worker is idle and quick.
    if (!isWriteConflict(err)) throw err;
  }
  return id;
}

/**
 * Retry of a failed message (spec part 1 §4: the failed flag is cleared and its time refreshed):
 * back to pending, moved to the bottom of the thread, queued again. Answers false when the
 * message is not failed (nothing to retry).
 */
export async function requeueFailed(db: AppDatabase, id: string, now: number): Promise<boolean> {
  const message = await db.messages.findOne(id).exec();
  const entry = await db.outbox.findOne(id).exec();
  if (!message || message.status !== 'failed' || !entry) return false;
  await entry.incrementalPatch({ state: 'queued', attempts: 0, next_attempt_at: 0, last_error: null, created_at: now });
  const sk = provisionalSk(now, id);
  await message.incrementalModify((m) => ({
    ...m,
    status: retryStatus(m.status ?? 'failed'),
    sk,
    rsk: reverseSortKey(sk),
    timestamp: now,
    message: { ...m.message, timestamp: now, sk },
  }));
  return true;
}
