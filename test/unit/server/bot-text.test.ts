// The demo bots' languages: the rule that picks the language a bot writes in, and the translation
// tables, which must have Hindi, Gujarati, Marathi and Telugu for every English text (so a text
// added later in English alone fails here), in that language's script, with the same placeholders
// and markup marks, and button variants that lay out as their English help line says.
import { describe, expect, it } from 'vitest';
import { optionLayout } from '../../../src/domain/option-layout';
import { LANGUAGE_CODES, type LanguageCode } from '../../../src/domain/language-codes';
import { DEMO_PROFILES } from '../../../server/bot-profile/seed';
import { FAQ_TEXTS, faqIn } from '../../../server/bot-profile/faq-text';
import { botLanguage } from '../../../server/bots/bot-language';
import { fill, OTHER_LANGUAGES, REGISTRY_TEXTS, type OtherLanguage } from '../../../server/bots/bot-text';
import type { BotContext, BotReply } from '../../../server/bots/bot-types';
import { DEMO_BOTS, REGISTRY_TEXT } from '../../../server/bots/registry';
import { SHOWCASE_BOT, SHOWCASE_COMMANDS, SHOWCASE_DESCRIPTIONS, SHOWCASE_LABELS, SHOWCASE_TEXT } from '../../../server/bots/showcase';
import { COMMAND_DESCRIPTIONS, SHOWCASE_LABEL_TEXTS, SHOWCASE_TEXTS } from '../../../server/bots/showcase-text';
import { DISCOVERY_BOTS } from '../../../server/discovery/catalog';
import { COMMON, quizTexts, treeTexts, type Said } from '../../../server/discovery/conversation';
import { ENGLISH_GURU_QUIZ, QUIZ_CHAMP_QUIZ, VIDYA_TUTOR_QUIZ } from '../../../server/discovery/quizzes';
import { KISAN_MITRA_TREE } from '../../../server/discovery/trees';
import { BAZAAR_DEALS_TREE, KHABAR_EXPRESS_TREE, PASHU_CARE_TREE, SARKARI_SEVA_TREE, SWASTHYA_SAATHI_TREE, YOGA_DAILY_TREE } from '../../../server/discovery/trees-more';
import { wordGameTexts } from '../../../server/discovery/word-game';
import type { Translations } from '../../../server/http/language';

const SCRIPT: Record<OtherLanguage, RegExp> = {
  hi: /[\u0900-\u097F]/u,
  mr: /[\u0900-\u097F]/u,
  gu: /[\u0A80-\u0AFF]/u,
  te: /[\u0C00-\u0C7F]/u,
};

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** The markup marks a translation must keep (bold, italic, strike, code). */
const marks = (s: string) => ['*', '_', '~', '`'].map((c) => s.split(c).length - 1);

/** Why a translation of `english` is not one (empty when it is). */
function problems(english: string, translated: string | undefined, language: OtherLanguage): string[] {
  if (translated === undefined || translated.trim() === '') return ['missing'];
  const out: string[] = [];
  if (translated === english) out.push('an English copy');
  if (!SCRIPT[language].test(translated)) out.push(`not in the ${language} script`);
  if (placeholders(translated).join() !== placeholders(english).join()) out.push(`placeholders ${placeholders(translated).join()} vs ${placeholders(english).join()}`);
  if (marks(translated).join() !== marks(english).join()) out.push('markup marks differ');
  return out;
}

function tableProblems(english: Readonly<Record<string, string>>, table: Readonly<Record<string, Translations | undefined>>): string[] {
  const out: string[] = [];
  for (const [id, text] of Object.entries(english)) {
    for (const language of OTHER_LANGUAGES) out.push(...problems(text, table[id]?.[language], language).map((p) => `${id} ${language}: ${p}`));
  }
  for (const id of Object.keys(table)) if (!(id in english)) out.push(`${id}: no English text`);
  return out;
}

describe('the language a bot writes in', () => {
  it('is the request\'s language, else the profile\'s, else English', () => {
    expect(botLanguage('hi', 'te')).toBe('hi');
    expect(botLanguage('en', 'te')).toBe('en');
    expect(botLanguage(undefined, 'te')).toBe('te');
    expect(botLanguage('fr', 'gu')).toBe('gu');
    expect(botLanguage(undefined, null)).toBe('en');
    expect(botLanguage(undefined, 'xx')).toBe('en');
    expect(botLanguage('', undefined)).toBe('en');
  });
});

describe('fill', () => {
  it('fills placeholders once, leaving the values unscanned and unknown names as they are', () => {
    expect(fill('You chose “{label}”.', { label: '{label} & {x}' })).toBe('You chose “{label} & {x}”.');
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(fill('no vars')).toBe('no vars');
  });
});

describe('every text has all four other languages', () => {
  it('Echo, Slow echo and Saathi Shop', () => expect(tableProblems(REGISTRY_TEXT, REGISTRY_TEXTS)).toEqual([]));

  it('Showcase texts', () => expect(tableProblems(SHOWCASE_TEXT, SHOWCASE_TEXTS)).toEqual([]));

  it('Showcase help lines, one per command', () => {
    expect([...SHOWCASE_DESCRIPTIONS.keys()]).toEqual([...SHOWCASE_COMMANDS]);
    expect(tableProblems(Object.fromEntries(SHOWCASE_DESCRIPTIONS), COMMAND_DESCRIPTIONS)).toEqual([]);
  });

  it('Showcase labels: as many as in English, each translated', () => {
    const out: string[] = [];
    for (const [id, english] of Object.entries(SHOWCASE_LABELS)) {
      const table = SHOWCASE_LABEL_TEXTS[id as keyof typeof SHOWCASE_LABELS] as Readonly<Record<OtherLanguage, readonly string[]>> | undefined;
      for (const language of OTHER_LANGUAGES) {
        const labels = table?.[language] ?? [];
        if (labels.length !== english.length) out.push(`${id} ${language}: ${labels.length} labels, English has ${english.length}`);
        english.forEach((e, i) => out.push(...problems(e, labels[i], language).map((p) => `${id}[${i}] ${language}: ${p}`)));
      }
    }
    expect(out).toEqual([]);
  });

  it('discovery bots: every text of every script (trees, quizzes, the word game) and the shared ones', () => {
    const scripts: Record<string, readonly Said[]> = {
      common: Object.values(COMMON),
      kisanMitra: treeTexts(KISAN_MITRA_TREE),
      swasthyaSaathi: treeTexts(SWASTHYA_SAATHI_TREE),
      khabarExpress: treeTexts(KHABAR_EXPRESS_TREE),
      bazaarDeals: treeTexts(BAZAAR_DEALS_TREE),
      sarkariSeva: treeTexts(SARKARI_SEVA_TREE),
      yogaDaily: treeTexts(YOGA_DAILY_TREE),
      pashuCare: treeTexts(PASHU_CARE_TREE),
      quizChamp: quizTexts(QUIZ_CHAMP_QUIZ),
      vidyaTutor: quizTexts(VIDYA_TUTOR_QUIZ),
      englishGuru: quizTexts(ENGLISH_GURU_QUIZ),
      wordPuzzle: wordGameTexts(),
    };
    const out: string[] = [];
    for (const [name, texts] of Object.entries(scripts)) {
      texts.forEach((text, i) => {
        // a plain string reads the same in every language (numbers, the English taught): nothing to translate
        if (typeof text === 'string') return;
        for (const language of OTHER_LANGUAGES) out.push(...problems(text.en, text[language], language).map((p) => `${name}[${i}] ${language}: ${p} (${text.en})`));
      });
    }
    expect(out).toEqual([]);
    // every discovery bot's welcome is one of those texts, and it welcomes with buttons
    for (const bot of DISCOVERY_BOTS) {
      const [greeting, menu] = bot.welcome('en');
      expect(greeting!.type, bot.name).toBe('text');
      expect(menu!.type, bot.name).toBe('button');
      expect(menu!.buttons!.length, bot.name).toBeGreaterThan(0);
    }
  });

  it('discovery bots: in every language, each step offers options with different labels', () => {
    for (const bot of DISCOVERY_BOTS) {
      for (const language of LANGUAGE_CODES) {
        const menu = bot.welcome(language).at(-1)!;
        const labels = menu.buttons!.map((b) => b.body);
        expect(new Set(labels).size, `${bot.name} ${language}`).toBe(labels.length);
      }
    }
  });

  it('bot FAQs: as many as in English, each translated, answered by position', () => {
    const out: string[] = [];
    for (const p of DEMO_PROFILES) {
      for (const language of OTHER_LANGUAGES) {
        const faqs = FAQ_TEXTS[p.bot_uuid]?.[language] ?? [];
        if (faqs.length !== p.faqs.length) out.push(`${p.bot_uuid} ${language}: ${faqs.length} FAQs, English has ${p.faqs.length}`);
        p.faqs.forEach(([q, a], i) => {
          out.push(...problems(q, faqs[i]?.[0], language).map((x) => `${p.bot_uuid}[${i}] question ${language}: ${x}`));
          out.push(...problems(a, faqs[i]?.[1], language).map((x) => `${p.bot_uuid}[${i}] answer ${language}: ${x}`));
        });
      }
    }
    expect(out).toEqual([]);
    const [q, a] = DEMO_PROFILES[0]!.faqs[0]!;
    expect(faqIn(DEMO_PROFILES[0]!.bot_uuid, 0, 'en', { question: q, answer: a })).toEqual({ question: q, answer: a });
    expect(faqIn(DEMO_PROFILES[0]!.bot_uuid, 99, 'te', { question: q, answer: a })).toEqual({ question: q, answer: a });
  });
});

/** A context for answers that read no database (commands, fixed replies). */
function ctx(language: LanguageCode): BotContext {
  const none = () => Promise.reject(new Error('no database here'));
  const db = { kind: 'pglite' as const, query: none, exec: none, transaction: none, close: none };
  return { userUuid: 'u', botUuid: SHOWCASE_BOT.bot_uuid, db, now: 0, language };
}

const bodies = (replies: readonly BotReply[]) => replies.flatMap((r) => [r.text?.body, ...(r.buttons ?? []).map((b) => b.body)]).filter((s): s is string => s !== undefined);

describe('every bot welcomes in each language', () => {
  it.each(OTHER_LANGUAGES)('%s', (language) => {
    for (const bot of DEMO_BOTS) {
      const welcome = bot.welcome(language);
      expect(welcome.length, bot.name).toBe(bot.welcome('en').length);
      expect(welcome[0]!.text!.body, bot.name).toMatch(SCRIPT[language]);
    }
  });
});

describe('the Showcase button variants in each language', () => {
  const run = async (name: string, language: LanguageCode) =>
    (await SHOWCASE_BOT.answer({ type: 'text', text: { body: name }, client_message_id: 'x' }, ctx(language))).replies;
  // the variants whose help line promises a layout: "(stack)", "(grid)", "(3 columns)"...
  const promised = SHOWCASE_COMMANDS.filter((c) => c.startsWith('buttons ') && /\((stack|grid|\d columns|list)\)$/.test(SHOWCASE_DESCRIPTIONS.get(c)!));

  it('covers the layout variants', () => expect(promised.length).toBeGreaterThanOrEqual(10));

  it.each(OTHER_LANGUAGES)('%s: lay out as in English', async (language) => {
    for (const name of promised) {
      const [english] = await run(name, 'en');
      const [translated] = await run(name, language);
      expect(optionLayout(translated!.buttons!), `${name} ${language}`).toBe(optionLayout(english!.buttons!));
    }
  });

  it.each(OTHER_LANGUAGES)('%s: the help list keeps the command names, its text is translated', async (language) => {
    const [listing, menu] = await run('help', language);
    expect(menu!.buttons!.map((b) => b.body)).toEqual([...SHOWCASE_COMMANDS]);
    for (const name of SHOWCASE_COMMANDS) expect(listing!.text!.body).toContain(`*${name}*: ${COMMAND_DESCRIPTIONS[name]![language]}`);
    expect(bodies([listing!]).join()).toMatch(SCRIPT[language]);
  });

  it.each(OTHER_LANGUAGES)('%s: the long text is still 3,000 characters', async (language) => {
    const [long] = await run('long', language);
    expect(long!.text!.body).toHaveLength(3000);
    expect(long!.text!.body).toMatch(SCRIPT[language]);
  });

  it('English answers are unchanged by the tables', async () => {
    expect(LANGUAGE_CODES[0]).toBe('en');
    const [text] = await run('text', 'en');
    expect(text!.text!.body).toBe('Hello! This is a plain text message from the Showcase bot.');
  });
});
