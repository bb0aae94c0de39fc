// The language cards show every language's name in its own script whatever the UI language, but
// the app loads a script's font only for the UI language (intl-provider.tsx). A phone (or Debian's
// Chromium) without a system font for that script draws those names as empty boxes. While a
// language picker is shown, the shipped script fonts are loaded; choice-cards.css puts each
// family first for a title in its language (`:lang()`), as appFontStack does for the UI language.
import { useEffect } from 'react';
import { loadFontsFor } from '../../i18n/fonts';
import { LANGUAGES } from '../../i18n/languages';

/** Loads every language's script font while `shown` (each family once per page: fonts.ts). */
export function useLanguageNameFonts(shown = true): void {
  useEffect(() => {
    if (!shown) return;
    for (const { code } of LANGUAGES) void loadFontsFor({ language: code }).catch(() => undefined);
  }, [shown]);
}
