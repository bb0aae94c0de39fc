import { describe, expect, it } from 'vitest';
import { onboardingStep } from '../../../src/domain/onboarding';

describe('onboardingStep (spec part 1 §4)', () => {
  it('asks for the language first', () => {
    expect(onboardingStep({ language: null, name: '', stateCode: null })).toBe('language');
    expect(onboardingStep({ language: undefined, name: 'Asha', stateCode: 'GJ' })).toBe('language');
    expect(onboardingStep({ language: '', name: 'Asha', stateCode: 'GJ' })).toBe('language');
  });

  it('then the name (blank after trimming is empty)', () => {
    expect(onboardingStep({ language: 'hi', name: '', stateCode: 'GJ' })).toBe('name');
    expect(onboardingStep({ language: 'hi', name: '   ', stateCode: 'GJ' })).toBe('name');
    expect(onboardingStep({ language: 'hi', name: null, stateCode: null })).toBe('name');
  });

  it('then the location', () => {
    expect(onboardingStep({ language: 'en', name: 'Asha', stateCode: null })).toBe('location');
    expect(onboardingStep({ language: 'en', name: 'Asha', stateCode: undefined })).toBe('location');
    expect(onboardingStep({ language: 'en', name: 'Asha', stateCode: '' })).toBe('location');
  });

  it('is done when all three are known', () => {
    expect(onboardingStep({ language: 'te', name: 'Ravi', stateCode: 'TS' })).toBeNull();
  });
});
