import './option-buttons.css';

export interface OptionButtonItem {
  key: string | number;
  label: string;
}

export interface OptionButtonsProps {
  options: readonly OptionButtonItem[];
  /** Only the last message's options can be answered. */
  disabled: boolean;
  onChoose: (key: OptionButtonItem['key']) => void;
  /** Accessible name of the group, e.g. 'Options'. */
  label: string;
}

/** The options of a button message, as a group of buttons. */
export function OptionButtons({ options, disabled, onChoose, label }: OptionButtonsProps) {
  return (
    <div className="option-buttons" role="group" aria-label={label}>
      {options.map((o) => (
        <button key={o.key} type="button" className="option-buttons__button" disabled={disabled} onClick={() => onChoose(o.key)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
