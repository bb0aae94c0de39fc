// Guards the five locale files: same keys everywhere, every message parses, the same ICU
// arguments in every locale, and the four Indian locales carry real translations (text in their
// own script), not English copies. Applies to every key, whoever added it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGE_CODES } from '../../../src/domain/language-codes';
import { catalogueMessageIds } from '../../../src/domain/errors';

const DIR = join(import.meta.dirname, '..', '..', '..', 'src', 'i18n', 'messages');
const load = (code: string): Record<string, string> => JSON.parse(readFileSync(join(DIR, `${code}.json`), 'utf8')) as Record<string, string>;
const locales = Object.fromEntries(LANGUAGE_CODES.map((c) => [c, load(c)])) as Record<(typeof LANGUAGE_CODES)[number], Record<string, string>>;
const en = locales.en;
const OTHERS = LANGUAGE_CODES.filter((c) => c !== 'en');

/**
 * Keys whose text may equal the English one although it has letters (a brand-like word such as
 * 'OTP' alone). Keep it short. Texts without a letter outside their ICU arguments, such as
 * '{status}:-{message}' or '{country} ({dialCode})', have nothing to translate and need no entry.
 */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>([]);

/** True when a message has a letter outside its ICU arguments (something to translate). */
const hasLetters = (text: string): boolean => /\p{L}/u.test(text.replace(/\{[^{}]*\}/g, ''));

/** The script a locale's letters must be in. */
const SCRIPT: Record<string, RegExp> = {
  hi: /\p{Script=Devanagari}/u,
  mr: /\p{Script=Devanagari}/u,
  gu: /\p{Script=Gujarati}/u,
  te: /\p{Script=Telugu}/u,
};

/** Argument names and types and rich-text tags of a parsed message, sorted. */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        out.add(`${el.value}:${el.type}`);
        break;
      case TYPE.select:
      case TYPE.plural:
        out.add(`${el.value}:${el.type}`);
        for (const option of Object.values(el.options)) argumentsOf(option.value, out);
        break;
      case TYPE.tag:
        out.add(`<${el.value}>`);
        argumentsOf(el.children, out);
        break;
      default:
        break;
    }
  }
  return out;
}

describe('locale files', () => {
  it('en.json is the source and is not empty', () => {
    expect(Object.keys(en).length).toBeGreaterThan(0);
  });

  it.each(OTHERS)('%s has exactly the keys of en.json', (code) => {
    const keys = Object.keys(locales[code]);
    const missing = Object.keys(en).filter((k) => !(k in locales[code]));
    const extra = keys.filter((k) => !(k in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGE_CODES)('%s: every text is a non-empty string', (code) => {
    for (const [id, text] of Object.entries(locales[code])) {
      expect(typeof text, id).toBe('string');
      expect(text.trim(), `${code} ${id}`).not.toBe('');
    }
  });

  it.each(LANGUAGE_CODES)('%s: every message parses and formats', (code) => {
    for (const [id, text] of Object.entries(locales[code])) {
      expect(() => parse(text), `${code} ${id}`).not.toThrow();
      expect(() => new IntlMessageFormat(text, code), `${code} ${id}`).not.toThrow();
    }
  });

  it.each(OTHERS)('%s: the same ICU arguments as English in every message', (code) => {
    for (const [id, source] of Object.entries(en)) {
      const translated = locales[code][id];
      if (translated === undefined) continue; // reported by the key test
      expect([...argumentsOf(parse(translated))].sort(), `${code} ${id}`).toEqual([...argumentsOf(parse(source))].sort());
    }
  });

  it.each(OTHERS)('%s: texts are translations, not English copies', (code) => {
    const copies = Object.keys(en).filter((id) => !SAME_AS_ENGLISH_ALLOWED.has(id) && hasLetters(en[id]!) && locales[code][id] === en[id]);
    expect(copies).toEqual([]);
  });

  it.each(OTHERS)('%s: texts with letters are written in the locale script', (code) => {
    const script = SCRIPT[code]!;
    const wrong = Object.entries(locales[code])
      .filter(([id]) => !SAME_AS_ENGLISH_ALLOWED.has(id))
      .filter(([, text]) => hasLetters(text) && !script.test(text))
      .map(([id]) => id);
    expect(wrong).toEqual([]);
  });

  it('placeholder-only texts count as having nothing to translate', () => {
    expect(hasLetters('{status}:-{message}')).toBe(false);
    expect(hasLetters('{country} ({dialCode})')).toBe(false);
    expect(hasLetters('{status}:-Bad Status')).toBe(true);
    expect(hasLetters('Send to {name}')).toBe(true);
  });

  it('the allow-list stays short and only names existing keys', () => {
    expect(SAME_AS_ENGLISH_ALLOWED.size).toBeLessThanOrEqual(10);
    for (const id of SAME_AS_ENGLISH_ALLOWED) expect(en).toHaveProperty([id]);
  });

  it.each(LANGUAGE_CODES)('%s: keys are sorted (the merge script keeps them so)', (code) => {
    const keys = Object.keys(locales[code]);
    expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
  });
});

describe('error catalogue texts', () => {
  it('every message id the catalogue names exists in en.json', () => {
    const missing = catalogueMessageIds().filter((id) => !(id in en));
    expect(missing).toEqual([]);
  });

  it('keeps the English texts the spec quotes', () => {
    expect(en['error.server502.title']).toBe('Bad Gateway');
    expect(en['error.server502.body']).toBe('Unable to connect to our servers. Please try again in a moment.');
    expect(en['error.server503.title']).toBe('Service Unavailable');
    expect(en['error.server503.body']).toBe('Our service is temporarily unavailable. Please try again later.');
    expect(en['error.server504.title']).toBe('Gateway Timeout');
    expect(en['error.server504.body']).toBe('The request took too long to process. Please try again.');
    expect(en['error.server5xx.title']).toBe('Internal Server Error');
    expect(en['error.server5xx.body']).toBe('Something went wrong on our end. Please try again later.');
    expect(en['error.badStatus.withMessage']).toBe('{status}:-{message}');
    expect(en['error.badStatus.plain']).toBe('{status}:-Bad Status');
    expect(en['error.operation.pin']).toBe('Error pinning the bot');
    expect(en['error.operation.unpin']).toBe('Error un pinning the bot');
    expect(en['error.operation.archive']).toBe('Error archive the bot');
    expect(en['error.operation.unarchive']).toBe('Error unarchive the bot');
    expect(en['error.operation.messageRating']).toBe('Error sending Message Rating');
    expect(en['error.operation.invalidBotId']).toBe('Invalid bot id');
    expect(en['error.attachment.unsupportedExtension']).toBe('file not supported : {ext}');
    expect(en['error.attachment.unsupportedType']).toBe('file not supported : {name}');
    expect(en['error.attachment.unsupported']).toBe('file not supported');
    expect(en['error.message.unsupportedType']).toBe('Message type **not supported**, please **refresh**, clear cache if problem persists');
    expect(en['error.location.permissionDenied']).toBe('User denied the request for Geolocation.');
    expect(en['error.location.unavailable']).toBe('Location information is unavailable.');
    expect(en['error.location.timeout']).toBe('The request to get user location timed out.');
    expect(en['error.location.unknown']).toBe('An unknown error occurred.');
    expect(en['error.location.default']).toBe('Could not fetch your location... Please try again... ');
    expect(en['notice.location.fetching']).toBe('Fetching Location...');
    expect(en['notice.location.pleaseWait']).toBe('Fetching Location... Please wait...');
    expect(en['notice.location.fetched']).toBe('Location fetched');
    expect(en['error.otpConfirm.status401']).toBe('Incorrect code. Please check and try again.');
  });

  it('formats the bad-status texts with their values in every locale', () => {
    for (const code of LANGUAGE_CODES) {
      const withMessage = new IntlMessageFormat(locales[code]['error.badStatus.withMessage']!, code).format({ status: 404, message: 'gone' });
      expect(withMessage).toBe('404:-gone');
      const plain = new IntlMessageFormat(locales[code]['error.badStatus.plain']!, code).format({ status: 404 });
      expect(String(plain).startsWith('404:-')).toBe(true);
    }
  });
});
