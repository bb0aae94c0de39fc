// The pending input request of a thread (spec part 1 §3 "Pending input request" of type date or
// location, §4: it is cleared after it is answered). The request is the newest bot message that
// asks for a date or a location; it is answered once a user message of the matching reply type
// follows it. Forms are not a pending request in the spec's sense: each form stays open until a
// form_response with its form_id follows it (a bot may send two forms in a row). Deriving all of
// it from the thread (instead of a stored flag) means a queued answer clears the request at once,
// offline too, and a reload cannot bring it back.

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

function answeredAfter(thread: readonly ThreadFacts[], index: number, kind: RequestKind): boolean {
  const m = thread[index]!;
  const formId = kind === 'form' ? (m.form ?? m.rich_input?.form)?.form_id : undefined;
  for (let i = index + 1; i < thread.length; i++) {
    const r = thread[i]!;
    if (r.from === 'user' && r.type === REPLY_OF[kind] && (formId === undefined || r.form_response?.form_id === formId)) return true;
  }
  return false;
}

/** The thread's date or location request (the newest; oldest-first list) and whether a reply follows it. */
export function pendingRequest(thread: readonly ThreadFacts[]): PendingRequest | null {
  for (let i = thread.length - 1; i >= 0; i--) {
    const kind = requestKindOf(thread[i]!);
    if (kind !== 'date' && kind !== 'location') continue;
    return { index: i, kind, answered: answeredAfter(thread, i, kind) };
  }
  return null;
}

/**
 * Whether the request at `index` can still be answered (its button is live): the thread's
 * pending date or location request while unanswered; a form until its form_response follows.
 */
export function isOpenRequest(thread: readonly ThreadFacts[], index: number): boolean {
  const m = thread[index];
  const kind = m ? requestKindOf(m) : null;
  if (kind === null) return false;
  if (kind === 'form') return !answeredAfter(thread, index, 'form');
  const p = pendingRequest(thread);
  return p !== null && p.index === index && !p.answered;
}
