// A multi_select_button message's answer: options toggle (several may be chosen), an optional
// typed answer when the bot allows one, then a solid Send (double taps ignored for 300 ms). The
// reply rule (option order, custom text only when non-blank, one option at least) is
// src/domain/multi-select.ts. An answered one shows the options it chose, pressed and disabled.
import { useId, useState } from 'react';
import { multiSelectReply, toggleIndex, type MultiSelectReply } from '../../domain/multi-select';
import type { OptionLayout } from '../../domain/option-layout';
import { useSolidPress } from '../use-button-press';
import './messages.css';

export interface MultiSelectProps {
  options: readonly { index: number; label: string; icon?: string }[];
  layout: OptionLayout;
  disabled: boolean;
  /** The answer's options, once answered (shown chosen). */
  chosen?: readonly number[] | undefined;
  allowCustom: boolean;
  labels: { group: string; custom: string; send: string; hint: string };
  onSend: (reply: MultiSelectReply) => void;
  /** id of a text that says why the options are off (e.g. the bot is blocked): aria-describedby */
  describedBy?: string | undefined;
}

export function MultiSelect({ options, layout, disabled, chosen, allowCustom, labels, onSend, describedBy }: MultiSelectProps) {
  const [selected, setSelected] = useState<number[]>(() => [...(chosen ?? [])]);
  const [text, setText] = useState('');
  const customId = useId();
  const reply = multiSelectReply(options.map((o) => o.index), selected, { allowed: allowCustom, text });
  const send = useSolidPress(() => {
    if (reply) onSend(reply);
  });
  return (
    <div className="msg-options-wrap">
      <p className="msg-note">{labels.hint}</p>
      <div className={`msg-options msg-options--${layout}`} role="group" aria-label={labels.group} data-layout={layout} tabIndex={layout === 'list' ? 0 : undefined}>
        {options.map((o) => {
          const on = selected.includes(o.index);
          return (
            <button
              key={o.index}
              type="button"
              className={`msg-option${on ? ' msg-option--selected' : ''}`}
              aria-pressed={on}
              disabled={disabled}
              aria-describedby={describedBy}
              onClick={() => setSelected((s) => toggleIndex(s, o.index))}
            >
              {o.icon ? <img className="msg-option__icon" src={o.icon} alt="" width={20} height={20} /> : null}
              <span>{o.label}</span>
            </button>
          );
        })}
      </div>
      {allowCustom && !disabled && (
        <div className="msg-custom">
          <label htmlFor={customId} className="msg-custom__label">{labels.custom}</label>
          <input id={customId} className="msg-custom__field" value={text} maxLength={4096} onChange={(e) => setText(e.target.value)} />
        </div>
      )}
      {!disabled && (
        <button type="button" className="msg-solid" disabled={reply === null} onClick={send}>
          {labels.send}
        </button>
      )}
    </div>
  );
}
