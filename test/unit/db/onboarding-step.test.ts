import { describe, expect, test } from 'vitest';
import { appLanguageFor, newSession } from '../../../src/db/defaults';
import { onboardingStepFor } from '../../../src/db/onboarding-step';
import { profile } from '../sync/helpers/fake-api';

const signedIn = { ...newSession('dev'), token: 'a'.repeat(32), mobile: '+919876543210' };
const chosenHi = appLanguageFor('hi', true);
const notChosen = appLanguageFor('en', false);
const gj = { code: 'GJ', name: 'Gujarat' };

describe('onboarding step (language → name → location → done)', () => {
  test('signed out, or no profile yet: no onboarding', () => {
    expect(onboardingStepFor(null, null, null)).toBeNull();
    expect(onboardingStepFor(newSession('dev'), notChosen, profile())).toBeNull();
    expect(onboardingStepFor(signedIn, notChosen, null)).toBeNull();
  });

  test('language unset (not chosen here, none on the profile) → language', () => {
    expect(onboardingStepFor(signedIn, null, profile())).toBe('language');
    expect(onboardingStepFor(signedIn, notChosen, profile({ name: 'Asha', state: gj }))).toBe('language');
  });

  test('language chosen on this device or on the profile counts as set', () => {
    expect(onboardingStepFor(signedIn, chosenHi, profile())).toBe('name');
    expect(onboardingStepFor(signedIn, notChosen, profile({ language: 'te' }))).toBe('name');
  });

  test('name empty or blank → name', () => {
    expect(onboardingStepFor(signedIn, chosenHi, profile({ name: '   ', state: gj }))).toBe('name');
  });

  test('no state code → location', () => {
    expect(onboardingStepFor(signedIn, chosenHi, profile({ name: 'Asha' }))).toBe('location');
    expect(onboardingStepFor(signedIn, chosenHi, profile({ name: 'Asha', state: { code: '', name: '' } }))).toBe('location');
  });

  test('all set → done', () => {
    expect(onboardingStepFor(signedIn, chosenHi, profile({ name: 'Asha', state: gj, city: 'Surat' }))).toBeNull();
  });
});
