// Fonts for Indian scripts, loaded on demand (spec part 1 §1: fonts for scripts are loaded by
// region). The fonts are self-hosted @fontsource packages; each script's CSS is a dynamic import,
// so the bundler emits it as its own chunk and nothing is downloaded until a region or the
// chosen language needs it. Each @font-face carries a unicode-range, so even a loaded family
// only fetches its font files once a character of that script is drawn.
import type { LanguageCode } from '../domain/language-codes';

/** Scripts as the spec's region map names them. */
export type RegionScript = 'hindi' | 'marathi' | 'gujarati' | 'urdu' | 'telugu';

/** The font families we ship; Hindi and Marathi share Devanagari. */
export type FontFamily = 'devanagari' | 'gujarati' | 'telugu' | 'urdu';

/** Region (state code) to scripts, exactly as spec part 1 §1 lists them; any other region: none. */
export const REGION_SCRIPTS: Readonly<Record<string, readonly RegionScript[]>> = {
  GJ: ['gujarati', 'hindi'],
  MH: ['marathi', 'urdu'],
  RJN: ['hindi'],
  HP: ['hindi'],
  JH: ['hindi', 'urdu'],
  MP: ['hindi', 'urdu'],
  PB: ['hindi'],
  TS: ['hindi', 'telugu'],
  UPE: ['hindi', 'urdu'],
  TESTMH: ['marathi', 'urdu', 'gujarati'],
  RAJASTHAN: ['hindi', 'marathi', 'gujarati', 'urdu', 'telugu'],
};

export const SCRIPT_FONT: Readonly<Record<RegionScript, FontFamily>> = {
  hindi: 'devanagari',
  marathi: 'devanagari',
  gujarati: 'gujarati',
  urdu: 'urdu',
  telugu: 'telugu',
};

/** The font a UI language needs; English needs none beyond the system font. */
export const LANGUAGE_FONT: Readonly<Record<LanguageCode, FontFamily | null>> = {
  en: null,
  hi: 'devanagari',
  mr: 'devanagari',
  gu: 'gujarati',
  te: 'telugu',
};

/** CSS font-family names the @fontsource packages declare. */
export const FONT_FAMILY_NAME: Readonly<Record<FontFamily, string>> = {
  devanagari: 'Noto Sans Devanagari',
  gujarati: 'Noto Sans Gujarati',
  telugu: 'Noto Sans Telugu',
  urdu: 'Noto Nastaliq Urdu',
};

/** A letter of each family's script, to make the browser fetch that family's files. */
const FONT_SAMPLE: Readonly<Record<FontFamily, string>> = { devanagari: 'क', gujarati: 'ક', telugu: 'త', urdu: 'ا' };

/**
 * The weights we ship per family (the CSS files imported below). Text at other weights (600 for
 * labels and buttons, 800 for titles) is drawn with the nearest of these by CSS font matching.
 */
export const FONT_WEIGHTS = [400, 700] as const;

/**
 * Our decision, not the spec's: the region ids above are not all state codes. The app passes the
 * profile's state code (server/data/geo), where Rajasthan is RJ and Uttar Pradesh is UP, so those
 * two codes are read as the spec's RJN and UPE. Every other state code is used as is (GJ, MH, HP,
 * JH, MP, PB and TS are both).
 */
export const STATE_CODE_REGION: Readonly<Record<string, string>> = { RJ: 'RJN', UP: 'UPE' };

/** The scripts of a region; unknown, empty or missing regions have none. Case and spaces are ignored. */
export function regionScripts(region: string | null | undefined): readonly RegionScript[] {
  if (!region) return [];
  const code = region.trim().toUpperCase();
  const key = Object.hasOwn(STATE_CODE_REGION, code) ? STATE_CODE_REGION[code]! : code;
  return Object.hasOwn(REGION_SCRIPTS, key) ? REGION_SCRIPTS[key]! : [];
}

export interface FontNeeds {
  language?: LanguageCode | null;
  /** The user's region: the profile's state code (e.g. 'GJ'). */
  region?: string | null;
}

/** The font families to load for a language and a region: the language's first, no repeats. */
export function fontsFor({ language, region }: FontNeeds): FontFamily[] {
  const out: FontFamily[] = [];
  const add = (f: FontFamily | null | undefined) => {
    if (f && !out.includes(f)) out.push(f);
  };
  if (language) add(LANGUAGE_FONT[language]);
  for (const script of regionScripts(region)) add(SCRIPT_FONT[script]);
  return out;
}

/** Imports a family's CSS (which registers its @font-face rules). */
export type FontImporter = () => Promise<unknown>;

// Regular and bold (the bold-text setting), script subset only: Latin comes from the base font.
const DEFAULT_IMPORTERS: Readonly<Record<FontFamily, FontImporter>> = {
  devanagari: () =>
    Promise.all([
      import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
      import('@fontsource/noto-sans-devanagari/devanagari-700.css'),
    ]),
  gujarati: () =>
    Promise.all([
      import('@fontsource/noto-sans-gujarati/gujarati-400.css'),
      import('@fontsource/noto-sans-gujarati/gujarati-700.css'),
    ]),
  telugu: () =>
    Promise.all([import('@fontsource/noto-sans-telugu/telugu-400.css'), import('@fontsource/noto-sans-telugu/telugu-700.css')]),
  urdu: () =>
    Promise.all([import('@fontsource/noto-nastaliq-urdu/arabic-400.css'), import('@fontsource/noto-nastaliq-urdu/arabic-700.css')]),
};

/**
 * Fetches a family's files once its CSS is in (the browser only fetches a face when text needs
 * it). Text laid out before a face is in may keep its fallback in Chromium (a script's letters
 * drawn as empty boxes when no system font has them), so callers wait for this before showing
 * text in the language, and the app restates its font stack once the faces are in.
 */
function fetchFaces(family: FontFamily): Promise<unknown> {
  if (typeof document === 'undefined' || !document.fonts) return Promise.resolve();
  return Promise.all(FONT_WEIGHTS.map((w) => document.fonts.load(`${w} 16px "${FONT_FAMILY_NAME[family]}"`, FONT_SAMPLE[family])));
}

export interface FontLoader {
  /** Loads every family the language and region need, each at most once; resolves to the families needed. */
  loadFontsFor(needs: FontNeeds): Promise<FontFamily[]>;
  /** Families whose CSS finished loading. */
  loaded(): FontFamily[];
}

/** A loader over the given importers (tests inject fakes; the app uses the default one below). */
export function createFontLoader(importers: Readonly<Record<FontFamily, FontImporter>> = DEFAULT_IMPORTERS): FontLoader {
  const started = new Map<FontFamily, Promise<void>>();
  const done = new Set<FontFamily>();
  const load = (family: FontFamily): Promise<void> => {
    let p = started.get(family);
    if (!p) {
      p = importers[family]()
        .then(() => fetchFaces(family))
        .then(() => {
          done.add(family);
        });
      started.set(family, p);
      // A failed load (offline, no precache) may be tried again later.
      p.catch(() => started.delete(family));
    }
    return p;
  };
  return {
    async loadFontsFor(needs) {
      const families = fontsFor(needs);
      await Promise.all(families.map(load));
      return families;
    },
    loaded: () => [...done],
  };
}

const defaultLoader = createFontLoader();

/** Loads the self-hosted fonts for a language and region, each family at most once per page. */
export function loadFontsFor(needs: FontNeeds): Promise<FontFamily[]> {
  return defaultLoader.loadFontsFor(needs);
}

/** A CSS font-family list: the base stack followed by the given families (unicode-range picks per character). */
export function fontFamilyStack(families: readonly FontFamily[], base = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'): string {
  if (families.length === 0) return base;
  return `${base}, ${families.map((f) => `"${FONT_FAMILY_NAME[f]}"`).join(', ')}`;
}

/** The base of the app's stack (tokens.css --font-sans without its script families). */
export const BASE_FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

/**
 * The app's font stack once fonts are loaded: the UI language's script family FIRST, then the base
 * stack, then the other loaded families (the region's). The language's family must come before
 * `system-ui`: in Chromium on Linux (Debian, many Android builds alike), `system-ui` for an
 * element of a script language resolves through the system's font matching to a font such as
 * DejaVu Sans, which then claims that script's letters it does not have and draws them as empty
 * boxes, so the families behind it are never reached. Our script files hold no Latin letters, so
 * Latin text still falls through to the base stack.
 */
export function appFontStack(language: LanguageCode, loaded: readonly FontFamily[]): string {
  const own = LANGUAGE_FONT[language];
  const first = own && loaded.includes(own) ? `"${FONT_FAMILY_NAME[own]}", ` : '';
  return `${first}${fontFamilyStack(loaded.filter((f) => f !== own), BASE_FONT_STACK)}`;
}
