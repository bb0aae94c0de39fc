import { describe, expect, it } from 'vitest';
import {
  BASE_FONT_STACK,
  FONT_FAMILY_NAME,
  appFontStack,
  LANGUAGE_FONT,
  REGION_SCRIPTS,
  SCRIPT_FONT,
  createFontLoader,
  fontFamilyStack,
  fontsFor,
  loadFontsFor,
  regionScripts,
  type FontFamily,
} from '../../../src/i18n/fonts';

describe('region → scripts (spec part 1 §1)', () => {
  it('is exactly the spec map', () => {
    expect(REGION_SCRIPTS).toEqual({
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
    });
  });

  it('default is none', () => {
    for (const region of [null, undefined, '', 'KA', 'DL', 'XX', 'toString', '__proto__', 'constructor']) expect(regionScripts(region)).toEqual([]);
  });

  it('reads the state codes RJ and UP as the regions RJN and UPE', () => {
    expect(regionScripts('RJ')).toEqual(['hindi']);
    expect(regionScripts('UP')).toEqual(['hindi', 'urdu']);
    expect(regionScripts('rj')).toEqual(['hindi']);
  });

  it('ignores case and surrounding spaces', () => {
    expect(regionScripts(' gj ')).toEqual(['gujarati', 'hindi']);
  });
});

describe('scripts and languages → font families', () => {
  it('hindi and marathi are both Devanagari', () => {
    expect(SCRIPT_FONT).toEqual({ hindi: 'devanagari', marathi: 'devanagari', gujarati: 'gujarati', urdu: 'urdu', telugu: 'telugu' });
  });

  it('each language has its script', () => {
    expect(LANGUAGE_FONT).toEqual({ en: null, hi: 'devanagari', mr: 'devanagari', gu: 'gujarati', te: 'telugu' });
  });

  it('fontsFor joins language and region without repeats, language first', () => {
    expect(fontsFor({ language: 'en', region: null })).toEqual([]);
    expect(fontsFor({ language: 'hi' })).toEqual(['devanagari']);
    expect(fontsFor({ language: 'en', region: 'GJ' })).toEqual(['gujarati', 'devanagari']);
    expect(fontsFor({ language: 'te', region: 'TS' })).toEqual(['telugu', 'devanagari']);
    expect(fontsFor({ language: 'mr', region: 'MH' })).toEqual(['devanagari', 'urdu']);
    expect(fontsFor({ language: 'hi', region: 'RAJASTHAN' })).toEqual(['devanagari', 'gujarati', 'urdu', 'telugu']);
    expect(fontsFor({ language: null, region: 'TESTMH' })).toEqual(['devanagari', 'urdu', 'gujarati']);
    expect(fontsFor({})).toEqual([]);
  });

  it('names the @fontsource families', () => {
    expect(Object.keys(FONT_FAMILY_NAME).sort()).toEqual(['devanagari', 'gujarati', 'telugu', 'urdu']);
    expect(fontFamilyStack([], 'sans-serif')).toBe('sans-serif');
    expect(fontFamilyStack(['devanagari', 'urdu'], 'sans-serif')).toBe('sans-serif, "Noto Sans Devanagari", "Noto Nastaliq Urdu"');
  });

  it("puts the UI language's loaded family before system-ui, the region's after the base", () => {
    expect(appFontStack('te', ['telugu', 'devanagari'])).toBe(`"Noto Sans Telugu", ${BASE_FONT_STACK}, "Noto Sans Devanagari"`);
    expect(appFontStack('en', ['gujarati'])).toBe(`${BASE_FONT_STACK}, "Noto Sans Gujarati"`);
    // not loaded (yet): not first
    expect(appFontStack('hi', ['gujarati'])).toBe(`${BASE_FONT_STACK}, "Noto Sans Gujarati"`);
  });
});

describe('createFontLoader', () => {
  function fakeImporters() {
    const calls: FontFamily[] = [];
    const make = (f: FontFamily) => () => {
      calls.push(f);
      return Promise.resolve();
    };
    return { calls, importers: { devanagari: make('devanagari'), gujarati: make('gujarati'), telugu: make('telugu'), urdu: make('urdu') } };
  }

  it('imports each needed family once, even across calls and concurrent calls', async () => {
    const { calls, importers } = fakeImporters();
    const loader = createFontLoader(importers);
    await Promise.all([loader.loadFontsFor({ language: 'hi', region: 'MH' }), loader.loadFontsFor({ language: 'mr', region: 'MH' })]);
    expect(calls.sort()).toEqual(['devanagari', 'urdu']);
    await loader.loadFontsFor({ language: 'gu', region: 'RAJASTHAN' });
    expect(calls.sort()).toEqual(['devanagari', 'gujarati', 'telugu', 'urdu']);
    expect(loader.loaded().sort()).toEqual(['devanagari', 'gujarati', 'telugu', 'urdu']);
  });

  it('loads nothing for English without a mapped region', async () => {
    const { calls, importers } = fakeImporters();
    const loader = createFontLoader(importers);
    expect(await loader.loadFontsFor({ language: 'en', region: 'KA' })).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('tries a failed family again on the next call', async () => {
    let attempts = 0;
    const { importers } = fakeImporters();
    const loader = createFontLoader({
      ...importers,
      telugu: () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve();
      },
    });
    await expect(loader.loadFontsFor({ language: 'te' })).rejects.toThrow('offline');
    expect(loader.loaded()).toEqual([]);
    await expect(loader.loadFontsFor({ language: 'te' })).resolves.toEqual(['telugu']);
    expect(attempts).toBe(2);
  });

  it('the default loader resolves the self-hosted @fontsource CSS', async () => {
    await expect(loadFontsFor({ language: 'hi', region: 'RAJASTHAN' })).resolves.toEqual(['devanagari', 'gujarati', 'urdu', 'telugu']);
  });
});
