// The four OTP boxes (spec part 1 §5) as a reducer: typing a digit fills the box and moves on,
// non-digits are ignored, backspace on an empty box moves back and clears that box, a paste is
// taken only when it is a 4-digit number, and the code auto-submits once all boxes are filled.
//
// Use with React's useReducer: render `digits` into the boxes, move DOM focus to `focus`, and
// call verify with otpValue(state) whenever `submitSeq` increases (it counts the moments the
// code became, or stayed, complete through the user's input: a corrected digit submits again).
import { OTP_LENGTH } from './constants';

export interface OtpState {
  /** One entry per box: '' or a single ASCII digit. Always OTP_LENGTH long. */
  readonly digits: readonly string[];
  /** The box that should hold focus (0..OTP_LENGTH-1). */
  readonly focus: number;
  /** Increases each time the input completes the code: the auto-submit signal. */
  readonly submitSeq: number;
}

export type OtpAction =
  /** A keydown on box `index` (e.key): a digit, 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight'; others are ignored. */
  | { type: 'key'; index: number; key: string }
  /** An input/change event: `value` is the box's whole new content (it may hold the old digit too, or an autofilled code). */
  | { type: 'input'; index: number; value: string }
  /** Clipboard text pasted into any box. */
  | { type: 'paste'; text: string }
  | { type: 'focus'; index: number }
  /** Empty all boxes (after a wrong code, or when a new code is sent). */
  | { type: 'reset' };

const DIGIT = /^[0-9]$/;
const FULL_CODE = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

export function initialOtpState(): OtpState {
  return { digits: Array.from({ length: OTP_LENGTH }, () => ''), focus: 0, submitSeq: 0 };
}

export function otpValue(state: OtpState): string {
  return state.digits.join('');
}

export function isOtpComplete(state: OtpState): boolean {
  return state.digits.every((d) => DIGIT.test(d));
}

const clampIndex = (index: number): number => Math.min(OTP_LENGTH - 1, Math.max(0, Math.trunc(index)));

function withDigit(state: OtpState, index: number, digit: string): OtpState {
  const digits = state.digits.slice();
  digits[index] = digit;
  const next: OtpState = { digits, focus: clampIndex(index + 1), submitSeq: state.submitSeq };
  return isOtpComplete(next) ? { ...next, submitSeq: state.submitSeq + 1 } : next;
}

function backspace(state: OtpState, index: number): OtpState {
  const digits = state.digits.slice();
  if (digits[index] !== '') {
    digits[index] = '';
    return { ...state, digits, focus: index };
  }
  if (index === 0) return state.focus === 0 ? state : { ...state, focus: 0 };
  digits[index - 1] = '';
  return { ...state, digits, focus: index - 1 };
}

/** The digit the user just typed into a box whose content became `value` (old digit + new one, in either order). */
function typedDigit(previous: string, value: string): string | undefined {
  const found = value.replace(/[^0-9]/g, '');
  if (found.length <= 1) return found || undefined;
  const at = found.indexOf(previous);
  const rest = previous !== '' && at >= 0 ? found.slice(0, at) + found.slice(at + 1) : found;
  return rest.slice(-1) || undefined;
}

function paste(state: OtpState, text: string): OtpState {
  const code = text.trim();
  if (!FULL_CODE.test(code)) return state;
  return { digits: code.split(''), focus: OTP_LENGTH - 1, submitSeq: state.submitSeq + 1 };
}

export function otpReducer(state: OtpState, action: OtpAction): OtpState {
  switch (action.type) {
    case 'key': {
      const index = clampIndex(action.index);
      if (DIGIT.test(action.key)) return withDigit(state, index, action.key);
      if (action.key === 'Backspace') return backspace(state, index);
      if (action.key === 'Delete') {
        if (state.digits[index] === '') return state;
        const digits = state.digits.slice();
        digits[index] = '';
        return { ...state, digits, focus: index };
      }
      if (action.key === 'ArrowLeft') return { ...state, focus: clampIndex(index - 1) };
      if (action.key === 'ArrowRight') return { ...state, focus: clampIndex(index + 1) };
      return state;
    }
    case 'input': {
      const index = clampIndex(action.index);
      // An autofilled code (autocomplete="one-time-code") arrives whole in one box.
      if (FULL_CODE.test(action.value.trim())) return paste(state, action.value);
      if (action.value === '') {
        if (state.digits[index] === '') return state;
        const digits = state.digits.slice();
        digits[index] = '';
        return { ...state, digits, focus: index };
      }
      const digit = typedDigit(state.digits[index] ?? '', action.value);
      return digit === undefined ? state : withDigit(state, index, digit);
    }
    case 'paste':
      return paste(state, action.text);
    case 'focus': {
      const focus = clampIndex(action.index);
      return focus === state.focus ? state : { ...state, focus };
    }
    case 'reset':
      return { ...initialOtpState(), submitSeq: state.submitSeq };
  }
}
