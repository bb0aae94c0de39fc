import { describe, expect, it } from 'vitest';
import { detectScript, isRtl } from '../../../src/i18n/scripts';

describe('detectScript (spec part 1 §9)', () => {
  it('finds each script', () => {
    expect(detectScript('یہ اردو ہے')).toBe('urdu');
    expect(detectScript('నమస్కారం')).toBe('telugu');
    expect(detectScript('नमस्ते')).toBe('hindi');
    expect(detectScript('नमस्कार, कसे आहात?')).toBe('hindi'); // Marathi is Devanagari too
    expect(detectScript('કેમ છો')).toBe('gujarati');
  });

  it('is English otherwise', () => {
    expect(detectScript('hello')).toBe('english');
    expect(detectScript('')).toBe('english');
    expect(detectScript('12345 !?')).toBe('english');
    expect(detectScript('😀')).toBe('english');
    expect(detectScript('வணக்கம்')).toBe('english'); // Tamil is not one of ours
  });

  it('checks Urdu, Telugu, Hindi, Gujarati in that order', () => {
    expect(detectScript('hello नमस्ते')).toBe('hindi');
    expect(detectScript('नमस्ते నమస్కారం')).toBe('telugu');
    expect(detectScript('કેમ છો नमस्ते')).toBe('hindi');
    expect(detectScript('నమస్కారం اردو')).toBe('urdu');
  });
});

describe('isRtl', () => {
  it('is true for ar, he, ps, ur, sd', () => {
    for (const code of ['ar', 'he', 'ps', 'ur', 'sd', 'UR', 'ur-PK', 'ar_EG']) expect(isRtl(code)).toBe(true);
  });

  it('is false for ours and others', () => {
    for (const code of ['en', 'hi', 'gu', 'mr', 'te', 'fa-x', '', null, undefined, 'urd']) expect(isRtl(code)).toBe(false);
  });
});
