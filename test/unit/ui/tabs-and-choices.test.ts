import { describe, expect, it } from 'vitest';
import { nextTabIndex } from '../../../src/ui/tabs';
import { languageChoices } from '../../../src/screens/shared/language-choices';
import { LANGUAGES } from '../../../src/i18n/languages';

describe('nextTabIndex (WAI-ARIA tabs keys)', () => {
  it('wraps with the arrows and jumps with Home/End', () => {
    expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextTabIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextTabIndex('Home', 2, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
    expect(nextTabIndex('Enter', 1, 3)).toBeNull();
  });
});

describe('languageChoices', () => {
  it('names each language in its own script, with the UI language name under it', () => {
    const en = languageChoices(LANGUAGES, 'en-IN');
    expect(en.map((c) => c.value)).toEqual(['en', 'hi', 'gu', 'mr', 'te']);
    expect(en.map((c) => c.title)).toEqual(LANGUAGES.map((l) => l.name));
    expect(en.find((c) => c.value === 'hi')?.subtitle).toBe('Hindi');
    // 'English' over 'English' says nothing twice
    expect(en.find((c) => c.value === 'en')?.subtitle).toBeUndefined();
    for (const c of en) expect(c.titleLang).toBe(c.value);
  });
});
