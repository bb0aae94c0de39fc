// Message loading of spec part 1 §4 and §7 /bot/get-messages, into RxDB.
//   loadInitial  the newest page, skipped when this conversation was loaded before
//   loadNewer    forward from the stored forward token, following next_token until none
//                (catch-up after a reconnect or on reopening a conversation)
//   loadOlder    one page backward from the stored backward token
// A token is stored only after the page it came with is stored (DESIGN.md §4): a crash between
// the two re-fetches a page (upserts are idempotent) and never skips one.
import type { ResponseOf } from '../api/contract';
import { INTERNAL_ERROR_TEXT } from '../domain/errors';
import type { AppDatabase } from '../db/database';
import type { ChatMessage } from '../api/messages';
import type { HttpClient } from './http-client';
import { modifyConversation } from '../db/modify-conversation';
import { storeServerMessages } from './message-store';

/** Paging asked for without its token (the spec's texts). */
export class PagingTokenError extends Error {
  constructor(readonly direction: 'forward' | 'backward') {
    super(direction === 'forward' ? INTERNAL_ERROR_TEXT.forwardTokenMissing : INTERNAL_ERROR_TEXT.backwardTokenMissing);
    this.name = 'PagingTokenError';
  }
}

export interface PagerDeps {
  db: AppDatabase;
  http: HttpClient;
  /** the pk owner (the signed-in mobile) */
  owner: () => Promise<string>;
}

export interface PageOutcome {
  /** messages stored by this call */
  stored: number;
  /** pages fetched */
  pages: number;
}

/** Most forward pages followed in one call (a guard against a server that never ends a chain). */
const MAX_FORWARD_PAGES = 1000;

export function createPager(deps: PagerDeps) {
  const { db, http } = deps;

  async function fetchPage(botUuid: string, direction: 'forward' | 'backward', token: string | null): Promise<ResponseOf<'getMessages'> & { messages: ChatMessage[] }> {
    // parsed with the route's schema (http-client.ts): a page with a bad message is refused whole
    return http.call('getMessages', { bot_uuid: botUuid, direction, next_token: token });
  }

  async function store(botUuid: string, messages: ChatMessage[]): Promise<void> {
    if (messages.length > 0) await storeServerMessages(db, botUuid, messages, { owner: await deps.owner() });
  }

  return {
    async loadInitial(botUuid: string): Promise<PageOutcome> {
      const conversation = await db.conversations.findOne(botUuid).exec();
      if (conversation?.initial_loaded) return { stored: 0, pages: 0 };
      const page = await fetchPage(botUuid, 'backward', null);
      await store(botUuid, page.messages);
      await modifyConversation(db, botUuid, (c) => ({
        ...c,
        initial_loaded: true,
        backward_token: page.next_token,
        history_complete: page.next_token === null,
        forward_token: page.forward_token ?? c.forward_token,
      }));
      return { stored: page.messages.length, pages: 1 };
    },

    async loadNewer(botUuid: string): Promise<PageOutcome> {
      const conversation = await db.conversations.findOne(botUuid).exec();
      let token = conversation?.forward_token ?? null;
      if (!token) throw new PagingTokenError('forward');
      let stored = 0;
      let pages = 0;
      while (pages < MAX_FORWARD_PAGES) {
        const page = await fetchPage(botUuid, 'forward', token);
        pages += 1;
        await store(botUuid, page.messages);
        stored += page.messages.length;
        const forward = page.forward_token ?? token;
        await modifyConversation(db, botUuid, (c) => ({ ...c, forward_token: forward }));
        if (!page.next_token) break;
        token = page.next_token;
      }
      return { stored, pages };
    },

    async loadOlder(botUuid: string): Promise<PageOutcome> {
      const conversation = await db.conversations.findOne(botUuid).exec();
      if (conversation?.history_complete) return { stored: 0, pages: 0 };
      const token = conversation?.backward_token ?? null;
      if (!token) throw new PagingTokenError('backward');
      const page = await fetchPage(botUuid, 'backward', token);
      await store(botUuid, page.messages);
      await modifyConversation(db, botUuid, (c) => ({ ...c, backward_token: page.next_token, history_complete: page.next_token === null }));
      return { stored: page.messages.length, pages: 1 };
    },
  };
}

export type Pager = ReturnType<typeof createPager>;
