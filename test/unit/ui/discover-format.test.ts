import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../src/i18n/messages/en.json';
import hi from '../../../src/i18n/messages/hi.json';
import { botMeta, categoryName, deeplinkTarget } from '../../../src/screens/home/discover-format';
import { compactCount } from '../../../src/screens/shared/compact-count';

const intlEn = createIntl({ locale: 'en-IN', messages: en });
const intlHi = createIntl({ locale: 'hi', messages: hi });

describe('compact counts (spec part 1 §9: K for thousand)', () => {
  it('uses K and M whatever the locale (no lakh or crore words)', () => {
    expect(compactCount(intlEn, 999)).toBe('999');
    expect(compactCount(intlEn, 9_800)).toBe('9.8K');
    expect(compactCount(intlEn, 48_200)).toBe('48K');
    expect(compactCount(intlEn, 212_000)).toBe('212K');
    expect(compactCount(intlEn, 1_240_000)).toBe('1.2M');
    expect(compactCount(intlHi, 212_000)).toBe('212K');
  });
  it('never rounds up past the count', () => {
    expect(compactCount(intlEn, 9_999)).toBe('9.9K');
    expect(compactCount(intlEn, 999_999)).toBe('999K');
    expect(compactCount(intlEn, 12.7)).toBe('12');
  });
});

describe('category names', () => {
  it('are translated by id, else the server\'s name', () => {
    expect(categoryName(intlHi, 'farming')).toBe('खेती');
    expect(categoryName(intlEn, 'astrology', 'Astrology')).toBe('Astrology');
    expect(botMeta(intlEn, 'news', 9_800)).toBe('News · 9.8K subscribers');
  });
});

describe('banner deep links', () => {
  it('opens a bot chat or an app path; nothing else', () => {
    expect(deeplinkTarget('/chat/1000000000000103')).toEqual({ kind: 'chat', botUuid: '1000000000000103' });
    expect(deeplinkTarget('/rewards')).toEqual({ kind: 'path', path: '/rewards' });
    expect(deeplinkTarget('https://evil.example')).toBeNull();
    expect(deeplinkTarget('//evil.example')).toBeNull();
  });
});
