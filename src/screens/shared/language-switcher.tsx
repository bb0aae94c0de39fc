import { useState } from 'react';
import { useIntl } from 'react-intl';
// the modules, not the ui-surface index (the login route shows this switcher: report-size.ts)
import { chooseLanguage } from '../../db/commands/choose-language';
import { useAppLanguage } from '../../db/hooks/use-app-language';
import { LANGUAGES, languageOption, type LanguageCode } from '../../i18n/languages';
import { Dialog } from '../../ui/dialog';
import { ChoiceCards } from '../../ui/choice-cards';
import { languageChoices } from './language-choices';
import { useLanguageNameFonts } from './use-language-name-fonts';
import './language-switcher.css';

export interface LanguageSwitcherProps {
  /** 'on-brand' for dark headers. */
  tone?: 'plain' | 'on-brand';
}

/** A compact button showing the current language; opens a dialog with the five languages,
 *  each in its own script. Choosing one switches the app at once. */
export function LanguageSwitcher({ tone = 'plain' }: LanguageSwitcherProps) {
  const intl = useIntl();
  const lang = useAppLanguage();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  useLanguageNameFonts(open);
  const current = languageOption(lang.doc?.code);
  const choose = async (code: LanguageCode) => {
    setBusy(true);
    try {
      await chooseLanguage(code);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={`lang-switch lang-switch--${tone}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        {/* Named by the hidden text (which includes the language), so speech users can say it. */}
        <span className="visually-hidden">{intl.formatMessage({ id: 'common.language.change' }, { language: current.name })}</span>
        <span lang={current.code} aria-hidden="true">
          {current.name}
        </span>
      </button>
      {open && (
        <Dialog
          title={intl.formatMessage({ id: 'common.language.title' })}
          onDismiss={() => setOpen(false)}
          testId="language-dialog"
          describeWithBody={false}
          body={
            <ChoiceCards
              legend={intl.formatMessage({ id: 'common.language.title' })}
              hideLegend
              name="app-language"
              options={languageChoices(LANGUAGES, intl.locale)}
              value={current.code}
              disabled={busy}
              onChoose={(code) => void choose(code)}
            />
          }
          actions={[{ label: intl.formatMessage({ id: 'common.close' }), onClick: () => setOpen(false), variant: 'secondary' }]}
        />
      )}
    </>
  );
}
