// Answering a multi_select_button message (spec part 1 §3, §5): the user toggles several
// options, then Send. The reply carries the chosen indices in the order of the options (not of
// the taps) and, when the message allows a custom response, the typed text only when it is not
// blank after trimming ('custom response sent only when non-blank'). At least one option must be
// chosen (the server's outgoingMessageSchema asks for one): with none, there is nothing to send.
//
// Which pickers are open: like a poll in a WhatsApp-like app, a multi-select stays
// usable until it is answered, even when more messages came after it (a bot may send two in a
// row); an answered one shows its answer. The reply names the message it answers (`reply_to`, its
// message_id); a reply without one (sent before replies named their message) answers the nearest
// unanswered multi-select above it.

export function toggleIndex(selected: readonly number[], index: number): number[] {
  return selected.includes(index) ? selected.filter((i) => i !== index) : [...selected, index];
}

export interface MultiSelectReply {
  button_indices: number[];
  custom_response?: string;
  /** The message_id of the multi_select_button message answered. */
  reply_to?: string;
}

export function multiSelectReply(
  optionOrder: readonly number[],
  selected: readonly number[],
  custom: { allowed: boolean; text: string },
): MultiSelectReply | null {
  const chosen = optionOrder.filter((i) => selected.includes(i));
  const text = custom.allowed ? custom.text.trim() : '';
  if (chosen.length === 0) return null;
  return text === '' ? { button_indices: chosen } : { button_indices: chosen, custom_response: text };
}

/** What the pairing reads of each message of the thread (oldest first). */
export interface MultiSelectThreadFacts {
  from: 'user' | 'bot';
  type: string;
  /** The server's message id (null before a user message is acknowledged). */
  message_id?: string | null | undefined;
  button_indices?: readonly number[] | undefined;
  custom_response?: string | undefined;
  reply_to?: string | undefined;
}

export interface MultiSelectAnswer {
  /** Index of the response in the thread. */
  responseIndex: number;
  button_indices: readonly number[];
  custom_response?: string | undefined;
}

/**
 * The answer of each multi_select_button message of the thread, by the message's index (an index
 * missing from the map: not answered, so still open). A reply whose `reply_to` is not in the
 * thread answers a message outside it (older than the window) and nothing here.
 */
export function multiSelectAnswers(thread: readonly MultiSelectThreadFacts[]): Map<number, MultiSelectAnswer> {
  const answers = new Map<number, MultiSelectAnswer>();
  const byId = new Map<string, number>();
  for (let i = 0; i < thread.length; i++) {
    const m = thread[i]!;
    if (m.from === 'bot' && m.type === 'multi_select_button') {
      if (m.message_id) byId.set(m.message_id, i);
      continue;
    }
    if (m.from !== 'user' || m.type !== 'multi_select_button_response') continue;
    let target: number | undefined;
    if (m.reply_to !== undefined) {
      const at = byId.get(m.reply_to);
      target = at !== undefined && at < i && !answers.has(at) ? at : undefined;
    } else {
      for (let j = i - 1; j >= 0; j--) {
        const q = thread[j]!;
        if (q.from === 'bot' && q.type === 'multi_select_button' && !answers.has(j)) {
          target = j;
          break;
        }
      }
    }
    if (target !== undefined) answers.set(target, { responseIndex: i, button_indices: m.button_indices ?? [], custom_response: m.custom_response });
  }
  return answers;
}
