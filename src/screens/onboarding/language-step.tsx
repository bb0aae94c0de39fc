import { useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { chooseLanguage, useAppLanguage } from '../../db/ui-surface';
import { LANGUAGES, type LanguageCode } from '../../i18n/languages';
import { ChoiceCards } from '../../ui/choice-cards';
import { languageChoices } from '../shared/language-choices';
import { StepHeading } from './step-heading';
import { useLanguageNameFonts } from '../shared/use-language-name-fonts';

/** Five big cards, each language in its own script; a tap switches the app at once. */
export function LanguageStep({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const intl = useIntl();
  const lang = useAppLanguage();
  const [busy, setBusy] = useState(false);
  useLanguageNameFonts();
  const choose = async (code: LanguageCode) => {
    setBusy(true);
    try {
      await chooseLanguage(code);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="onboarding__step">
      <StepHeading headingRef={headingRef} title={intl.formatMessage({ id: 'onboarding.language.title' })} subtitle={intl.formatMessage({ id: 'onboarding.language.subtitle' })} />
      <ChoiceCards
        legend={intl.formatMessage({ id: 'onboarding.language.title' })}
        hideLegend
        name="onboarding-language"
        options={languageChoices(LANGUAGES, intl.locale)}
        value={lang.doc?.chosen ? lang.doc.code : null}
        disabled={busy}
        onChoose={(code) => void choose(code)}
      />
    </section>
  );
}
