// IntlProvider for the app language (app-language local document). The messages of the new
// language are loaded before the switch, so the screen never flashes raw ids; until the first
// load finishes the splash shows.
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { LanguageCode } from '../domain/language-codes';
import { loadBootMessages, loadMessages, type Messages } from '../i18n/load-messages';
import { appFontStack, loadFontsFor, type FontFamily } from '../i18n/fonts';
import { useAppLanguage } from '../db/hooks/use-app-language';
import { useProfile } from '../db/hooks/use-profile';
import { markBoot, whenScreenPainted } from '../db/boot-gate';
import { Splash } from './splash';
import { rememberLanguageHint } from './boot-preload';
import { isSignedOutStart } from './boot-hint';

interface Loaded {
  locale: LanguageCode;
  messages: Messages;
}

/** How long a language switch waits for its script's font before showing the text anyway. */
const FONT_WAIT_MS = 3000;

/** The longest a signed-out start waits for its first paint before it fetches the whole locale. */
const WHOLE_LOCALE_CAP_MS = 3000;

/** The script families loaded in this page (font CSS is never unloaded). */
const loadedFamilies = new Set<FontFamily>();

/**
 * Restates the app's font stack (--font-sans, tokens.css) for the language and the families
 * loaded so far (appFontStack says why the language's family leads). The changed value also
 * makes Chromium lay out every text again with the faces now in.
 */
function applyFontStack(code: LanguageCode, families: readonly FontFamily[]): void {
  for (const f of families) loadedFamilies.add(f);
  if (loadedFamilies.size === 0) return;
  document.documentElement.style.setProperty('--font-sans', appFontStack(code, [...loadedFamilies]));
}

/** The language's script font, loaded and in the stack, or the wait is over (offline without it cached: text shows anyway). */
function languageFont(code: LanguageCode): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, FONT_WAIT_MS);
  });
  const fonts = loadFontsFor({ language: code }).then(
    (families) => applyFontStack(code, families),
    () => undefined,
  );
  return Promise.race([fonts, late]).finally(() => clearTimeout(timer));
}

async function load(code: LanguageCode, part: 'boot' | 'whole' = 'whole'): Promise<Loaded> {
  try {
    const [messages] = await Promise.all([part === 'boot' ? loadBootMessages(code) : loadMessages(code), languageFont(code)]);
    return { locale: code, messages };
  } catch {
    // Offline without this locale cached: English is in the first bundle's cache.
    if (code !== 'en') {
      try {
        return { locale: 'en', messages: await loadMessages('en') };
      } catch {
        /* fall through */
      }
    }
    return { locale: 'en', messages: {} };
  }
}

/**
 * Module-level, so its identity never changes: IntlProvider builds a new intl object (createIntl,
 * and with it a new context value that re-renders every useIntl caller) whenever a prop differs
 * from the last render's, and an inline function differed on every render of this provider.
 */
function onIntlError(err: { code: string }): void {
  // A missing id is caught by the i18n unit test; at run time the id shows, no console noise.
  if (err.code === 'MISSING_TRANSLATION') return;
  console.error(err);
}

export function AppIntlProvider({ children }: { children: ReactNode }) {
  const lang = useAppLanguage();
  const code: LanguageCode | null = lang.loaded ? (lang.doc?.code ?? 'en') : null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const profile = useProfile();
  const region = profile.doc?.state?.code ?? null;

  // The script fonts of the language and of the user's region (spec part 1 §1). Not awaited:
  // the font CSS is small, the faces swap in when their files arrive.
  useEffect(() => {
    if (!code) return;
    loadFontsFor({ language: code, region }).then(
      (families) => applyFontStack(code, families),
      () => undefined,
    );
  }, [code, region]);

  useEffect(() => {
    if (!code) return;
    let live = true;
    // A signed-out start shows the login route with its part of the locale (boot-messages.ts),
    // then, once the screen is painted (its code fetched first), takes the whole locale: the
    // same texts and more, so nothing on screen changes.
    const bootFirst = isSignedOutStart();
    void load(code, bootFirst ? 'boot' : 'whole').then((next) => {
      if (!live) return;
      setLoaded(next);
      if (bootFirst && next.locale === code) {
        void whenScreenPainted(WHOLE_LOCALE_CAP_MS).then(() => loadMessages(code)).then(
          (messages) => {
            if (live) setLoaded({ locale: code, messages });
          },
          () => undefined, // offline without it cached: the boot part stays until the next start
        );
      }
    });
    return () => {
      live = false;
    };
  }, [code]);

  const locale = loaded?.locale;
  useEffect(() => {
    if (!locale) return;
    document.documentElement.lang = locale === 'en' ? 'en-IN' : locale;
    rememberLanguageHint(locale);
  }, [locale]);

  if (!loaded) return <Splash />;
  markBoot('intl-ready');
  return (
    <IntlProvider
      locale={loaded.locale === 'en' ? 'en-IN' : `${loaded.locale}-IN`}
      messages={loaded.messages}
      defaultLocale="en-IN"
      onError={onIntlError}
    >
      {children}
    </IntlProvider>
  );
}
