// The pending input request of a thread (spec part 1 §3 "Pending input request", §4: a pending
// location or date request is cleared after it is answered). The request is the newest bot
// message that asks for a date, a location or a form; it is answered once a user message of the
// matching reply type follows it. Deriving it from the thread (instead of a stored flag) means a
// queued answer clears it at once, offline too, and a reload cannot bring it back.

export type RequestKind = 'date' | 'location' | 'form';

export interface ThreadFacts {
  from: 'user' | 'bot';
  type: string;
  rich_input?: { type: string; form?: { form_id: string } } | undefined;
  form?: { form_id: string } | undefined;
  form_response?: { form_id: string } | undefined;
}

const REPLY_OF: Record<RequestKind, string> = { date: 'date', location: 'location', form: 'form_response' };

/** The kind of input a bot message asks for, if any. */
export function requestKindOf(m: ThreadFacts): RequestKind | null {
  if (m.from !== 'bot') return null;
  if (m.type === 'form' && m.form) return 'form';
  if (m.type !== 'rich_input' || !m.rich_input) return null;
  const t = m.rich_input.type;
  if (t === 'date' || t === 'location') return t;
  if (t === 'form' && m.rich_input.form) return 'form';
  return null;
}

export interface PendingRequest {
  /** Index of the requesting message in the thread. */
  index: number;
  kind: RequestKind;
  answered: boolean;
}

/** The newest request of the thread (oldest-first list) and whether a reply follows it. */
export function pendingRequest(thread: readonly ThreadFacts[]): PendingRequest | null {
  for (let i = thread.length - 1; i >= 0; i--) {
    const m = thread[i]!;
    const kind = requestKindOf(m);
    if (!kind) continue;
    const formId = kind === 'form' ? (m.form ?? m.rich_input?.form)?.form_id : undefined;
    const answered = thread.slice(i + 1).some(
      (r) => r.from === 'user' && r.type === REPLY_OF[kind] && (formId === undefined || r.form_response?.form_id === formId),
    );
    return { index: i, kind, answered };
  }
  return null;
}

/** Whether the request at `index` is the thread's open one (its button is live). */
export function isOpenRequest(thread: readonly ThreadFacts[], index: number): boolean {
  const p = pendingRequest(thread);
  return p !== null && p.index === index && !p.answered;
}
