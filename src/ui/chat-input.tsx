import { useId, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import './chat-input.css';

export interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** Accessible name of the text area (e.g. 'Message'). */
  label: string;
  placeholder: string;
  /** Accessible name of the send button. */
  sendLabel: string;
  /** The bot waits for an option: the text area is read-only and `readOnlyHint` says why. */
  readOnly?: boolean;
  readOnlyHint?: string;
  /** A send that was refused, shown under the input. */
  error?: string | null;
  /** A calm notice above the input (e.g. offline). */
  notice?: string | null;
  maxLength?: number;
  /** A send is running: the button ignores clicks. */
  busy?: boolean;
  /** 'n/max' near the limit (the caller decides when), with its spoken form. */
  counter?: { text: string; label: string } | null;
  /** A control before the text area (the bot's persistent menu). */
  leading?: ReactNode;
}

/** Text area that grows to a few lines; Enter sends, Shift+Enter starts a new line. */
export function ChatInput({ value, onChange, onSend, label, placeholder, sendLabel, readOnly = false, readOnlyHint, error, notice, maxLength, busy = false, counter, leading }: ChatInputProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const hintId = useId();
  const blank = value.trim().length === 0;
  const canSend = !blank && !readOnly && !busy;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 160)}px`;
  }, [value]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (canSend) onSend();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (canSend) onSend();
  };
  const describedBy = [readOnly && readOnlyHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form className="chat-input" onSubmit={onSubmit}>
      {notice && (
        <p className="chat-input__notice" role="status">
          {notice}
        </p>
      )}
      {readOnly && readOnlyHint && (
        <p className="chat-input__hint" id={hintId}>
          {readOnlyHint}
        </p>
      )}
      <div className="chat-input__row">
        {leading}
        <textarea
          ref={ref}
          className="chat-input__field"
          rows={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          aria-label={label}
          placeholder={placeholder}
          readOnly={readOnly}
          aria-readonly={readOnly || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          maxLength={maxLength}
          enterKeyHint="send"
          autoComplete="off"
        />
        <button type="submit" className="chat-input__send" disabled={!canSend} aria-label={sendLabel} title={sendLabel}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M4 12l16-8-6 16-2.5-6.5z" fill="currentColor" />
          </svg>
        </button>
      </div>
      {counter && (
        <p className="chat-input__counter" aria-label={counter.label}>
          {counter.text}
        </p>
      )}
      {error && (
        <p className="chat-input__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
