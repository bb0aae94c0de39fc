import { useEffect, useRef, type KeyboardEvent } from 'react';
import './otp-boxes.css';

export interface OtpBoxesProps {
  /** One entry per box: '' or a digit. */
  digits: readonly string[];
  /** The box that should hold focus (moved there while focus is inside the boxes). */
  focus: number;
  /** Accessible name of the group, e.g. 'One-time code'. */
  groupLabel: string;
  /** Accessible name of a box, e.g. (1, 4) => 'Digit 1 of 4'. */
  digitLabel: (position: number, count: number) => string;
  /** Red text and border: the code was wrong. */
  invalid?: boolean;
  /** id of the element that explains the error (aria-describedby). */
  errorId?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  onKey: (index: number, key: string) => void;
  onInput: (index: number, value: string) => void;
  onPaste: (text: string) => void;
  onFocusBox: (index: number) => void;
}

const HANDLED_KEYS = new Set(['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight']);

/** The one-time-code boxes. Behaviour (which box gets what) is the caller's reducer; this
 *  component reports keys, input and paste, and moves DOM focus to `focus`. */
export function OtpBoxes({ digits, focus, groupLabel, digitLabel, invalid, errorId, disabled, autoFocus, onKey, onInput, onPaste, onFocusBox }: OtpBoxesProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const groupRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);

  useEffect(() => {
    const box = refs.current[focus];
    if (!box) return;
    const inside = groupRef.current?.contains(document.activeElement) ?? false;
    if (inside || (!mounted.current && autoFocus)) {
      box.focus();
      box.select();
    }
    mounted.current = true;
  }, [focus, autoFocus]);

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (/^[0-9]$/.test(e.key) || HANDLED_KEYS.has(e.key)) {
      // Handled here, so no input event follows; Android keyboards that send 'Unidentified'
      // keys come through onInput instead.
      e.preventDefault();
      onKey(index, e.key);
    }
  };

  return (
    <div ref={groupRef} role="group" aria-label={groupLabel} className={`otp-boxes${invalid ? ' otp-boxes--invalid' : ''}`}>
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="otp-boxes__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={digitLabel(i + 1, digits.length)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          value={d}
          disabled={disabled}
          onKeyDown={onKeyDown(i)}
          onChange={(e) => onInput(i, e.target.value)}
          onPaste={(e) => {
            e.preventDefault();
            onPaste(e.clipboardData.getData('text'));
          }}
          onFocus={(e) => {
            e.target.select();
            if (i !== focus) onFocusBox(i);
          }}
        />
      ))}
    </div>
  );
}
