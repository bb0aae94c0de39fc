// The options of a button message, laid out by the spec's option-layout rule (passed in as
// `layout`), as outlined buttons: a tap selects one and fires 200 ms later (a second tap inside
// that time takes it back). Disabled once the message is no longer answerable (not the last
// message, or its ttl has run out).
import type { OptionLayout } from '../../domain/option-layout';
import { useOutlinedPress } from '../use-button-press';
import './messages.css';

export interface OptionItem {
  key: string;
  label: string;
  /** An icon address, shown before the label (decorative). */
  icon?: string;
}

export interface OptionGroupProps {
  options: readonly OptionItem[];
  layout: OptionLayout;
  disabled: boolean;
  /** Accessible name of the group. */
  label: string;
  onChoose: (key: string) => void;
  /** Shown under the options when they are disabled because time ran out. */
  note?: string | null;
  /** id of a text that says why the options are off (e.g. the bot is blocked): aria-describedby */
  describedBy?: string | undefined;
}

export function OptionGroup({ options, layout, disabled, label, onChoose, note, describedBy }: OptionGroupProps) {
  const { selectedKey, press } = useOutlinedPress();
  return (
    <div className="msg-options-wrap">
      <div className={`msg-options msg-options--${layout}`} role="group" aria-label={label} data-layout={layout} tabIndex={layout === 'list' ? 0 : undefined}>
        {options.map((o) => (
          <button
            key={o.key}
            type="button"
            className={`msg-option${selectedKey === o.key ? ' msg-option--selected' : ''}`}
            aria-pressed={selectedKey === o.key}
            disabled={disabled}
            aria-describedby={describedBy}
            onClick={() => press(o.key, () => onChoose(o.key))}
          >
            {o.icon ? <img className="msg-option__icon" src={o.icon} alt="" width={20} height={20} /> : null}
            <span>{o.label}</span>
          </button>
        ))}
      </div>
      {note ? <p className="msg-note">{note}</p> : null}
    </div>
  );
}
