import { useId } from 'react';
import './choice-cards.css';

export interface ChoiceCardOption<T extends string> {
  value: T;
  /** Big text, e.g. the language's name in its own script. */
  title: string;
  /** BCP 47 tag of the title's language, so it is read and rendered in its script. */
  titleLang?: string;
  /** Smaller text under the title. */
  subtitle?: string;
  /** A large glyph drawn beside the title (decorative), e.g. 'अ'. */
  glyph?: string;
}

export interface ChoiceCardsProps<T extends string> {
  /** Visible question, used as the group's name (legend). */
  legend: string;
  hideLegend?: boolean;
  name: string;
  options: readonly ChoiceCardOption<T>[];
  value: T | null;
  onChoose: (value: T) => void;
  disabled?: boolean;
}

/** Big tappable radio cards (a native radio group: arrows move, Space picks). Each radio is
 *  named by its title alone; the subtitle is its description. */
export function ChoiceCards<T extends string>({ legend, hideLegend, name, options, value, onChoose, disabled }: ChoiceCardsProps<T>) {
  const id = useId();
  return (
    <fieldset className="choice-cards" disabled={disabled}>
      <legend className={hideLegend ? 'visually-hidden' : 'choice-cards__legend'}>{legend}</legend>
      <div className="choice-cards__grid">
        {options.map((o) => {
          const checked = o.value === value;
          const titleId = `${id}-${o.value}-title`;
          const subId = `${id}-${o.value}-sub`;
          return (
            <label key={o.value} className={`choice-card${checked ? ' choice-card--checked' : ''}`}>
              <input
                type="radio"
                className="choice-card__radio"
                name={name}
                value={o.value}
                checked={checked}
                aria-labelledby={titleId}
                aria-describedby={o.subtitle ? subId : undefined}
                onChange={() => onChoose(o.value)}
                onClick={() => {
                  // Choosing the already-checked card again still confirms it.
                  if (checked) onChoose(o.value);
                }}
              />
              {o.glyph && (
                <span className="choice-card__glyph" lang={o.titleLang} aria-hidden="true">
                  {o.glyph}
                </span>
              )}
              <span className="choice-card__text">
                <span id={titleId} className="choice-card__title" lang={o.titleLang}>
                  {o.title}
                </span>
                {o.subtitle && (
                  <span id={subId} className="choice-card__subtitle">
                    {o.subtitle}
                  </span>
                )}
              </span>
              <span className="choice-card__check" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="16" height="16">
                  <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
