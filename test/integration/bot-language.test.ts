// The demo bots speak the user's language (server/bots/bot-language.ts): FAQs in the request's
// language; welcomes and replies in the language of the request that triggered them, else the
// profile's (socket frames carry no headers), else English; a stored message keeps the language
// it was written in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, OutgoingMessage } from '../../src/api/messages';
import { HEADER } from '../../src/api/headers';
import type { LanguageCode } from '../../src/domain/language-codes';
import { DEMO_PROFILES } from '../../server/bot-profile/seed';
import { ECHO_BOT_ID, SHOP_BOT_ID, SHOWCASE_BOT_ID, SLOW_BOT_ID } from '../../server/bots/registry';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';
import { openSocket } from './helpers/socket';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ slowBotDelayMs: 200 });
});
afterAll(() => t.close());

const SCRIPT: Record<Exclude<LanguageCode, 'en'>, RegExp> = {
  hi: /[\u0900-\u097F]/u,
  mr: /[\u0900-\u097F]/u,
  gu: /[\u0A80-\u0AFF]/u,
  te: /[\u0C00-\u0C7F]/u,
};
const OTHER = Object.keys(SCRIPT) as (keyof typeof SCRIPT)[];

let n = 0;
const cid = () => `lang-${Date.now()}-${n++}`;
const say = (body: string): OutgoingMessage => ({ type: 'text', text: { body }, client_message_id: cid() });
const inLanguage = (language?: string): Record<string, string> => (language === undefined ? {} : { [HEADER.language]: language });
const texts = (messages: readonly ChatMessage[]) => messages.map((m) => m.text?.body ?? '');

async function userSpeaking(language: LanguageCode | null): Promise<TestSession> {
  const me = await t.signIn();
  if (language !== null) await t.ok('updateProfile', { language }, { session: me });
  return me;
}

/** The bot's replies to one message over the webhook (which answers the user message first). */
async function ask(me: TestSession, botId: string, message: OutgoingMessage, language?: string): Promise<ChatMessage[]> {
  const answer = await t.ok('messageWebhookPwa', { botId, messages: [message] }, { session: me, headers: inLanguage(language) });
  expect(answer.messages[0]!.from).toBe('user');
  return answer.messages.slice(1);
}

describe('bot FAQs', () => {
  const faqsOf = async (me: TestSession, botUuid: string, language?: string) =>
    (await t.ok('getBotFaqs', { bot_uuid: botUuid }, { session: me, headers: inLanguage(language) })).faqs;

  it('answer English with no language header, with an unknown one, and with en', async () => {
    const me = await userSpeaking('te');
    for (const p of DEMO_PROFILES) {
      const english = p.faqs.map(([question, answer]) => ({ question, answer }));
      expect(await faqsOf(me, p.bot_uuid)).toEqual(english);
      expect(await faqsOf(me, p.bot_uuid, 'fr')).toEqual(english);
      expect(await faqsOf(me, p.bot_uuid, 'en')).toEqual(english);
    }
  });

  it.each(OTHER)('answer %s in its script, one for each English FAQ, none an English copy', async (language) => {
    const me = await t.signIn();
    for (const p of DEMO_PROFILES) {
      const faqs = await faqsOf(me, p.bot_uuid, language);
      expect(faqs).toHaveLength(p.faqs.length);
      faqs.forEach((f, i) => {
        expect(f.question).not.toBe(p.faqs[i]![0]);
        expect(f.answer).not.toBe(p.faqs[i]![1]);
        expect(f.question).toMatch(SCRIPT[language]);
        expect(f.answer).toMatch(SCRIPT[language]);
      });
    }
  });
});

describe('welcomes', () => {
  it.each([['hi', SCRIPT.hi], ['te', SCRIPT.te]] as const)('initiating with language %s stores a welcome in it', async (language, script) => {
    const me = await userSpeaking(null);
    for (const bot of [ECHO_BOT_ID, SLOW_BOT_ID, SHOP_BOT_ID, SHOWCASE_BOT_ID, '1000000000000101']) {
      const { messages } = await t.ok('initiateConversation', { bot_uuid: bot }, { session: me, headers: inLanguage(language) });
      expect(messages[0]!.text!.body, bot).toMatch(script);
      // stored as written: get-messages in English answers the same texts
      const stored = await t.ok('getMessages', { bot_uuid: bot, direction: 'backward' }, { session: me, headers: inLanguage('en') });
      expect(stored.messages).toEqual(messages);
    }
  });

  it('without a language header the welcome is in the profile\'s language, and English without either', async () => {
    const gu = await userSpeaking('gu');
    const [welcome] = (await t.ok('initiateConversation', { bot_uuid: SHOP_BOT_ID }, { session: gu })).messages;
    expect(welcome!.text!.body).toMatch(SCRIPT.gu);
    const none = await userSpeaking(null);
    const [english] = (await t.ok('initiateConversation', { bot_uuid: SHOP_BOT_ID }, { session: none })).messages;
    expect(english!.text!.body).toBe('Namaste! I am Saathi Shop. Open the catalogue to add dal, atta, snacks and sweets to your cart.');
  });

  it('the request\'s language wins over the profile\'s', async () => {
    const me = await userSpeaking('gu');
    const { messages } = await t.ok('initiateConversation', { bot_uuid: ECHO_BOT_ID }, { session: me, headers: inLanguage('te') });
    expect(texts(messages).join()).toMatch(SCRIPT.te);
    expect(texts(messages).join()).not.toMatch(SCRIPT.gu);
    // the Echo welcome's buttons are translated too
    expect(messages[1]!.buttons!.map((b) => b.body)).toEqual(['ఒకటి', 'రెండు']);
  });
});

describe('replies', () => {
  it('a Showcase command over the webhook from a Gujarati profile answers in Gujarati (no header, and a gu header)', async () => {
    const me = await userSpeaking('gu');
    const [card] = await ask(me, SHOWCASE_BOT_ID, say('card'));
    expect(card!.text!.body).toMatch(SCRIPT.gu);
    expect(card!.card!.cards.map((c) => c.title).join()).toMatch(SCRIPT.gu);
    const [prompt] = await ask(me, SHOWCASE_BOT_ID, say('buttons 3'), 'gu');
    expect(prompt!.text!.body).toMatch(SCRIPT.gu);
    expect(prompt!.buttons!.map((b) => b.body)).toEqual(['લાલ', 'લીલો', 'વાદળી']);
    // a typed command stays English: the same names work in every language
    const [listing, menu] = await ask(me, SHOWCASE_BOT_ID, say('HELP'), 'gu');
    expect(listing!.text!.body).toMatch(SCRIPT.gu);
    expect(listing!.text!.body).toContain('*buttons 3*:');
    expect(menu!.buttons![0]!.body).toBe('help');
  });

  it('a Showcase command over the socket from a Gujarati profile answers in Gujarati', async () => {
    const me = await userSpeaking('gu');
    const { socket_url } = await t.ok('getSocketUrl', {}, { session: me });
    const socket = await openSocket(socket_url);
    try {
      const message = say('form');
      socket.send({ action: 'send-message', body: { bot_uuid: SHOWCASE_BOT_ID, message } });
      const frame = await socket.next((f) => f.action === 'message-received' && f.body.message.from === 'bot');
      if (frame.action !== 'message-received') throw new Error('not a message');
      const reply = frame.body.message;
      expect(reply.text!.body).toMatch(SCRIPT.gu);
      expect(reply.rich_input!.form!.title).toMatch(SCRIPT.gu);
      expect(reply.rich_input!.form!.fields.map((f) => f.label).join()).toMatch(SCRIPT.gu);
    } finally {
      socket.close();
    }
  });

  it('the Showcase answers to a choice, a date and a form are in the user\'s language; the chosen label as it was sent', async () => {
    const me = await userSpeaking('te');
    const [prompt] = await ask(me, SHOWCASE_BOT_ID, say('buttons 2'));
    const yes = prompt!.buttons![0]!;
    const [chose] = await ask(me, SHOWCASE_BOT_ID, { type: 'button_response', button_index: yes.button_index, client_message_id: cid() });
    expect(chose!.text!.body).toBe(`మీరు “${yes.body}” ఎంచుకున్నారు.`);
    const [date] = await ask(me, SHOWCASE_BOT_ID, { type: 'date', date: { day: 15, month: 8, year: 2030 }, client_message_id: cid() });
    expect(date!.text!.body).toBe('మీరు 15 ఆగస్టు 2030 ఎంచుకున్నారు.');
    const [form] = await ask(me, SHOWCASE_BOT_ID, { type: 'form_response', form_response: { form_id: 'showcase-feedback', values: { liked: 'Nice' } }, client_message_id: cid() });
    expect(form!.text!.body).toBe('ధన్యవాదాలు! “త్వరిత అభిప్రాయం” లో ఉన్నవి:\n*మీకు ఏం నచ్చింది?*: Nice');
    // the same answer in English for a user with no language
    const en = await userSpeaking(null);
    const [english] = await ask(en, SHOWCASE_BOT_ID, { type: 'date', date: { day: 15, month: 8, year: 2030 }, client_message_id: cid() });
    expect(english!.text!.body).toBe('You picked 15 August 2030.');
  });

  it('Echo repeats the user\'s words unchanged, its own texts in the user\'s language', async () => {
    const me = await userSpeaking('mr');
    const [echoed] = await ask(me, ECHO_BOT_ID, say('Hello, नमस्ते'));
    expect(echoed!.text!.body).toBe('Hello, नमस्ते');
    const [chosen] = await ask(me, ECHO_BOT_ID, { type: 'button_response', button_index: 1, client_message_id: cid() });
    expect(chosen!.text!.body).toBe('तुम्ही पर्याय 1 निवडला');
  });

  it('the Slow echo\'s delayed reply is in the language of the message it answers, even when the profile changes meanwhile', async () => {
    const me = await userSpeaking('hi');
    const { socket_url } = await t.ok('getSocketUrl', {}, { session: me });
    const socket = await openSocket(socket_url);
    try {
      const immediate = await ask(me, SLOW_BOT_ID, { type: 'button_response', button_index: 2, client_message_id: cid() }, 'te');
      expect(immediate).toEqual([]);
      await t.ok('updateProfile', { language: 'gu' }, { session: me });
      const frame = await socket.next((f) => f.action === 'message-received' && f.body.message.from === 'bot', 5000);
      if (frame.action !== 'message-received') throw new Error('not a message');
      expect(frame.body.message.text!.body).toBe('మీరు ఎంపిక 2 ఎంచుకున్నారు');
    } finally {
      socket.close();
    }
  });

  it('the Shop bot answers in the request\'s language; its earlier messages keep theirs', async () => {
    const me = await userSpeaking(null);
    const [welcome] = (await t.ok('initiateConversation', { bot_uuid: SHOP_BOT_ID }, { session: me, headers: inLanguage('hi') })).messages;
    const [help] = await ask(me, SHOP_BOT_ID, say('hello'), 'mr');
    expect(welcome!.text!.body).toMatch(SCRIPT.hi);
    expect(help!.text!.body).toBe('मी कॅटलॉगमधून ऑर्डर घेतो: उत्पादने कार्टमध्ये टाकण्यासाठी तो उघडा, मग प्रमाण बदलण्यासाठी कार्ट पाहा.');
    const { messages } = await t.ok('getMessages', { bot_uuid: SHOP_BOT_ID, direction: 'backward' }, { session: me, headers: inLanguage('te') });
    expect(texts(messages)).toEqual([welcome!.text!.body, 'hello', help!.text!.body]);
  });
});
