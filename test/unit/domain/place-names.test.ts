import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../src/domain/countries';
import { countryName, PLACE_NAMES, stateName } from '../../../src/domain/place-names';

const india = JSON.parse(readFileSync(new URL('../../../server/data/geo/IN.json', import.meta.url), 'utf8')) as { states: { code: string; name: string }[] };
const SCRIPTS = { hi: /[\u0900-\u097f]/, gu: /[\u0a80-\u0aff]/, mr: /[\u0900-\u097f]/, te: /[\u0c00-\u0c7f]/ } as const;

describe('place names in the profile (issue 18)', () => {
  it('names every country and every state and union territory of India in hi, gu, mr and te, each in its script', () => {
    const keys = [...COUNTRIES.map((c) => c.iso), ...india.states.map((s) => `IN-${s.code}`)];
    for (const key of keys) {
      const names = PLACE_NAMES[key];
      expect(names, key).toBeDefined();
      for (const [language, script] of Object.entries(SCRIPTS)) expect(names![language as keyof typeof SCRIPTS], `${key} ${language}`).toMatch(script);
    }
    // and nothing in the table that the data does not have
    expect(Object.keys(PLACE_NAMES).sort()).toEqual([...keys].sort());
  });

  it('gives the name in the language, English as the data gives it, and the data\'s name where there is none', () => {
    expect(stateName('IN', 'TS', 'Telangana', 'te')).toBe('తెలంగాణ');
    expect(stateName('IN', 'TS', 'Telangana', 'hi')).toBe('तेलंगाना');
    expect(stateName('IN', 'TS', 'Telangana', 'en')).toBe('Telangana');
    expect(countryName('IN', 'India', 'gu')).toBe('ભારત');
    expect(countryName('IN', 'India', 'en')).toBe('India');
    // Thailand's provinces are not in the table: the data's name stays
    expect(stateName('TH', '10', 'Bangkok', 'te')).toBe('Bangkok');
  });
});
