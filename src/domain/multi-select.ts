// Answering a multi_select_button message (spec part 1 §3, §5): the user toggles several
// options, then Send. The reply carries the chosen indices in the order of the options (not of
// the taps) and, when the message allows a custom response, the typed text only when it is not
// blank after trimming ('custom response sent only when non-blank'). At least one option must be
// chosen (the server's outgoingMessageSchema asks for one): with none, there is nothing to send.

export function toggleIndex(selected: readonly number[], index: number): number[] {
  return selected.includes(index) ? selected.filter((i) => i !== index) : [...selected, index];
}

export interface MultiSelectReply {
  button_indices: number[];
  custom_response?: string;
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
