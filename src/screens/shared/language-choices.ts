import type { LanguageCode, LanguageOption } from '../../i18n/languages';
import type { ChoiceCardOption } from '../../ui/choice-cards';

/** A letter of each script for the card's glyph. */
const GLYPH: Record<LanguageCode, string> = { en: 'A', hi: 'अ', gu: 'અ', mr: 'म', te: 'అ' };

function displayName(code: string, uiLocale: string): string | undefined {
  try {
    return new Intl.DisplayNames([uiLocale], { type: 'language' }).of(code);
  } catch {
    return undefined;
  }
}

/** Language cards: the name in its own script, and under it the name in the UI's language
 *  (so 'हिंदी' reads 'Hindi' in English and 'హిందీ' in Telugu). */
export function languageChoices(options: readonly LanguageOption[], uiLocale: string): ChoiceCardOption<LanguageCode>[] {
  return options.map((o) => {
    const local = displayName(o.code, uiLocale) ?? o.description;
    return {
      value: o.code,
      title: o.name,
      titleLang: o.code,
      glyph: GLYPH[o.code],
      // English in an English UI would read 'English / English': leave the subtitle out.
      subtitle: local.toLocaleLowerCase() === o.name.toLocaleLowerCase() ? undefined : local,
    };
  });
}
