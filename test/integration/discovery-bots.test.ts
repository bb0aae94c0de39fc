// The discovery bots hold real conversations (issue 11), driven over the webhook route as the
// app does: every bot through three or more turns with buttons in English and in another of the
// five languages; Kisan Mitra's decision tree down to advice and back, typed keywords and menu
// words; Quiz Champ's score and scorecard, and a quiz that carries on across a server restart
// (its state is in the database); Vidya Tutor's typed answers; Word Puzzle's guesses; and Echo
// naming the option chosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, OutgoingMessage } from '../../src/api/messages';
import { HEADER } from '../../src/api/headers';
import type { LanguageCode } from '../../src/domain/language-codes';
import { openDb } from '../../server/db/db';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { DISCOVERY_BOTS, KISAN_MITRA_ID, QUIZ_CHAMP_ID, VIDYA_TUTOR_ID } from '../../server/discovery/catalog';
import { startTestServer, type TestServer, type TestSession } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const SCRIPT: Record<LanguageCode, RegExp> = {
  en: /[A-Za-z]/,
  hi: /[\u0900-\u097F]/u,
  mr: /[\u0900-\u097F]/u,
  gu: /[\u0A80-\u0AFF]/u,
  te: /[\u0C00-\u0C7F]/u,
};
const WORD_PUZZLE_ID = '1000000000000111';

let n = 0;
const cid = () => `disc-${Date.now()}-${n++}`;
const tap = (button_index: number): OutgoingMessage => ({ type: 'button_response', button_index, client_message_id: cid() });
const type = (body: string): OutgoingMessage => ({ type: 'text', text: { body }, client_message_id: cid() });
const headers = (language: LanguageCode) => ({ [HEADER.language]: language });

/** The bot's replies to one message (the webhook answers the user message first). */
async function send(server: TestServer, me: TestSession, botId: string, message: OutgoingMessage, language: LanguageCode = 'en'): Promise<ChatMessage[]> {
  const answer = await server.ok('messageWebhookPwa', { botId, messages: [message] }, { session: me, headers: headers(language) });
  expect(answer.messages[0]!.from).toBe('user');
  return answer.messages.slice(1);
}

/** The button message a turn ends on: its text and option labels. */
function question(replies: readonly ChatMessage[]): { text: string; options: string[] } {
  const last = replies.at(-1)!;
  expect(last.type).toBe('button');
  expect(last.allow_custom_response).toBe(true);
  return { text: last.text!.body, options: last.buttons!.map((b) => b.body) };
}

const texts = (replies: readonly ChatMessage[]) => replies.filter((m) => m.type === 'text').map((m) => m.text!.body);

async function start(me: TestSession, botId: string, language: LanguageCode = 'en') {
  const { messages } = await t.ok('initiateConversation', { bot_uuid: botId }, { session: me, headers: headers(language) });
  return messages;
}

describe('every discovery bot holds a conversation with buttons', () => {
  const others: LanguageCode[] = ['hi', 'gu', 'mr', 'te'];
  it.each(DISCOVERY_BOTS.map((b, i) => [b.name, others[i % others.length]!, b.bot_uuid] as const))(
    '%s: three turns in English and in %s',
    async (_name, other, botId) => {
      for (const language of ['en', other] as const) {
        const me = await t.signIn();
        const welcome = await start(me, botId, language);
        expect(welcome.map((m) => m.type)).toEqual(['text', 'button']);
        let step = question(welcome);
        const seen = [step.text];
        // three taps on the first option (Word Puzzle: a hint, a typed guess, then the answer)
        const moves = botId === WORD_PUZZLE_ID ? [tap(0), type('apple'), tap(1)] : [tap(0), tap(0), tap(0)];
        for (const move of moves) {
          const replies = await send(t, me, botId, move, language);
          step = question(replies);
          expect(step.options.length).toBeGreaterThan(0);
          // options may be numbers or the English taught; a guess comes back in its own letters
          const said = botId === WORD_PUZZLE_ID ? [] : texts(replies);
          for (const body of [step.text, ...said]) expect(body, body).toMatch(SCRIPT[language]);
          seen.push(step.text);
        }
        // the conversation moved on: not the same question four times
        expect(new Set(seen).size).toBeGreaterThan(2);
      }
    },
  );
});

describe('Kisan Mitra: crop and weather advice from a decision tree', () => {
  it('leads crop → question → advice, offers Back and Main menu, and understands typed words', async () => {
    const me = await t.signIn();
    const welcome = await start(me, KISAN_MITRA_ID);
    expect(welcome[0]!.text!.body).toContain('Kisan Mitra');
    expect(question(welcome)).toEqual({ text: 'What do you need help with today?', options: ['Crop advice', 'Weather advice', 'Mandi prices'] });
    expect(question(await send(t, me, KISAN_MITRA_ID, tap(0)))).toEqual({ text: 'Which crop?', options: ['Wheat', 'Paddy', 'Tomato', 'Main menu'] });
    expect(question(await send(t, me, KISAN_MITRA_ID, tap(0)))).toEqual({
      text: 'Wheat: what would you like to know?', options: ['Sowing time', 'Pests and disease', 'Watering', 'Main menu'],
    });
    const advice = question(await send(t, me, KISAN_MITRA_ID, tap(1)));
    expect(advice.text).toContain('yellow rust');
    expect(advice.options).toEqual(['Back', 'Main menu']);
    // Back: the crop's questions again; Main menu: the start
    expect(question(await send(t, me, KISAN_MITRA_ID, tap(0))).text).toBe('Wheat: what would you like to know?');
    expect(question(await send(t, me, KISAN_MITRA_ID, tap(3))).text).toBe('What do you need help with today?');
    // weather
    expect(question(await send(t, me, KISAN_MITRA_ID, tap(1))).options).toEqual(['Heavy rain', 'Heat wave', 'Cold and frost', 'Main menu']);
    expect(question(await send(t, me, KISAN_MITRA_ID, type('cold and frost'))).text).toContain('light irrigation in the evening');
    // typed: a crop named anywhere, an option's number, "menu"
    expect(question(await send(t, me, KISAN_MITRA_ID, type('  Tomato! '))).text).toBe('Tomato: what would you like to know?');
    expect(question(await send(t, me, KISAN_MITRA_ID, type('3'))).text).toContain('Drip irrigation');
    expect(question(await send(t, me, KISAN_MITRA_ID, type('MENU'))).text).toBe('What do you need help with today?');
    // not understood: said so, and the same question again
    const confused = await send(t, me, KISAN_MITRA_ID, type('what is the meaning of life'));
    expect(texts(confused)[0]).toContain('I did not follow');
    expect(question(confused).text).toBe('What do you need help with today?');
  });

  it('in Hindi: the same tree, a crop typed in Hindi, and "मेनू" brings the menu back', async () => {
    const me = await t.signIn();
    const welcome = await start(me, KISAN_MITRA_ID, 'hi');
    expect(question(welcome).options).toEqual(['फ़सल की सलाह', 'मौसम की सलाह', 'मंडी भाव']);
    expect(question(await send(t, me, KISAN_MITRA_ID, type('गेहूँ'), 'hi')).text).toBe('गेहूँ: आप क्या जानना चाहते हैं?');
    const advice = question(await send(t, me, KISAN_MITRA_ID, tap(1), 'hi'));
    expect(advice.text).toContain('पीला रतुआ');
    expect(advice.options).toEqual(['पीछे', 'मुख्य मेनू']);
    expect(question(await send(t, me, KISAN_MITRA_ID, type('मेनू'), 'hi')).text).toBe('आज आपको किस बारे में मदद चाहिए?');
    // a label typed in another language than the app's is understood too
    expect(question(await send(t, me, KISAN_MITRA_ID, type('Mandi prices'), 'hi')).text).toContain('₹2,275');
  });
});

describe('Quiz Champ: a scored quiz ending in a scorecard', () => {
  it('checks each answer, keeps the score and sends the scorecard', async () => {
    const me = await t.signIn();
    const welcome = await start(me, QUIZ_CHAMP_ID);
    expect(question(welcome).options).toEqual(['General knowledge', 'Cricket']);
    expect(question(await send(t, me, QUIZ_CHAMP_ID, tap(0)))).toEqual({
      text: 'Question 1 of 4: Which planet is called the Red Planet?', options: ['Venus', 'Mars', 'Jupiter'],
    });
    let replies = await send(t, me, QUIZ_CHAMP_ID, type('mars'));
    expect(texts(replies)).toEqual(['Correct! ✅']);
    expect(question(replies).text).toBe('Question 2 of 4: What is the capital of India?');
    replies = await send(t, me, QUIZ_CHAMP_ID, tap(0));
    expect(texts(replies)).toEqual(['Not quite: the answer is “New Delhi”.']);
    // an answer that is not an option: asked again, the score unchanged
    replies = await send(t, me, QUIZ_CHAMP_ID, tap(7));
    expect(texts(replies)).toEqual(['Pick one of the answers below (or type its number).']);
    expect(question(replies).text).toBe('Question 3 of 4: How many states does India have?');
    replies = await send(t, me, QUIZ_CHAMP_ID, type('28'));
    expect(texts(replies)).toEqual(['Correct! ✅']);
    replies = await send(t, me, QUIZ_CHAMP_ID, tap(2));
    expect(replies.map((m) => m.type)).toEqual(['text', 'scorecard', 'button']);
    expect(replies[1]!.scorecard).toEqual({
      title: 'Quiz Champ: General knowledge', score: 3, total: 4, rows: [{ label: 'Correct', value: '3' }, { label: 'Wrong', value: '1' }],
    });
    expect(question(replies)).toEqual({ text: 'You scored 3 of 4. Play again, or pick another set:', options: ['General knowledge', 'Cricket'] });
    // a new round starts from zero
    await send(t, me, QUIZ_CHAMP_ID, tap(1));
    for (const wrong of [0, 1, 0]) await send(t, me, QUIZ_CHAMP_ID, tap(wrong));
    const last = await send(t, me, QUIZ_CHAMP_ID, tap(1));
    expect(last.find((m) => m.type === 'scorecard')!.scorecard).toMatchObject({ title: 'Quiz Champ: Cricket', score: 0, total: 4 });
  });

  it('in Telugu: the questions, the verdicts and the scorecard', async () => {
    const me = await t.signIn();
    await start(me, QUIZ_CHAMP_ID, 'te');
    const first = question(await send(t, me, QUIZ_CHAMP_ID, tap(1), 'te'));
    expect(first.text).toBe('ప్రశ్న 1 / 4: మైదానంలో ఒక క్రికెట్ జట్టులో ఎంత మంది ఆటగాళ్లు ఉంటారు?');
    expect(texts(await send(t, me, QUIZ_CHAMP_ID, tap(1), 'te'))).toEqual(['సరైనది! ✅']);
    expect(texts(await send(t, me, QUIZ_CHAMP_ID, tap(1), 'te'))).toEqual(['సరికాదు: జవాబు “1983”.']);
    await send(t, me, QUIZ_CHAMP_ID, tap(1), 'te');
    const end = await send(t, me, QUIZ_CHAMP_ID, type('సచిన్ టెండూల్కర్'), 'te');
    expect(end.find((m) => m.type === 'scorecard')!.scorecard).toEqual({
      title: 'Quiz Champ: క్రికెట్', score: 3, total: 4, rows: [{ label: 'సరైనవి', value: '3' }, { label: 'తప్పు', value: '1' }],
    });
  });

  it('carries on after a server restart: the question and the score are in the database', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      const first = await startTestServer({ db });
      const me = await first.signIn();
      await first.ok('initiateConversation', { bot_uuid: QUIZ_CHAMP_ID }, { session: me });
      await send(first, me, QUIZ_CHAMP_ID, tap(0));
      await send(first, me, QUIZ_CHAMP_ID, tap(1)); // right
      await send(first, me, QUIZ_CHAMP_ID, tap(1)); // right
      await first.close();
      // where the user stands is a row of the database, not something the server remembers
      const rows = await db.query<{ state: unknown }>(`SELECT state FROM bot_state WHERE bot_uuid = $1`, [QUIZ_CHAMP_ID]);
      expect(rows.map((r) => r.state)).toEqual([{ set: 0, q: 2, score: 2 }]);

      const second = await startTestServer({ db });
      try {
        const next = await send(second, me, QUIZ_CHAMP_ID, tap(1)); // wrong
        expect(texts(next)).toEqual(['Not quite: the answer is “28”.']);
        expect(question(next).text).toBe('Question 4 of 4: Which is the longest river in India?');
        const end = await send(second, me, QUIZ_CHAMP_ID, tap(2)); // right
        expect(end.find((m) => m.type === 'scorecard')!.scorecard).toMatchObject({ score: 3, total: 4 });
      } finally {
        await second.close();
      }
    } finally {
      await db.close();
    }
  });
});

describe('Vidya Tutor: practice questions, answers checked', () => {
  it('takes typed answers, explains, and ends the set with a scorecard', async () => {
    const me = await t.signIn();
    await start(me, VIDYA_TUTOR_ID, 'gu');
    expect(question(await send(t, me, VIDYA_TUTOR_ID, type('maths'), 'gu')).text).toBe('પ્રશ્ન 1 / 3: 12 × 8 કેટલા થાય?');
    expect(texts(await send(t, me, VIDYA_TUTOR_ID, type('96'), 'gu'))).toEqual(['સાચું! ✅ 12 × 8 = 120 − 24 = 96 થાય.']);
    expect(texts(await send(t, me, VIDYA_TUTOR_ID, type('25'), 'gu'))).toEqual(['બરાબર નથી: જવાબ છે “30”. 40 ÷ 4 = 10, અને 3 × 10 = 30.']);
    const end = await send(t, me, VIDYA_TUTOR_ID, tap(2), 'gu');
    expect(end.find((m) => m.type === 'scorecard')!.scorecard).toMatchObject({ title: 'Vidya Tutor: ગણિત અભ્યાસ', score: 2, total: 3 });
  });
});

describe('Word Puzzle: guess the word', () => {
  it('marks each guess, gives a hint, and a right guess wins', async () => {
    const me = await t.signIn();
    const welcome = await start(me, WORD_PUZZLE_ID);
    expect(question(welcome)).toEqual({ text: 'Type a five-letter English word. Tries left: 6.', options: ['Hint', 'Show the answer'] });
    let replies = await send(t, me, WORD_PUZZLE_ID, type('among'));
    expect(texts(replies)).toEqual(['A M O N G\n🟨🟨🟨🟨🟨']);
    expect(question(replies).text).toBe('Type a five-letter English word. Tries left: 5.');
    expect(texts(await send(t, me, WORD_PUZZLE_ID, type('no')))).toEqual(['That is not five English letters: try a word such as APPLE.']);
    expect(texts(await send(t, me, WORD_PUZZLE_ID, tap(0)))).toEqual(['Hint: A fruit: the king of fruits, sweetest in summer.']);
    replies = await send(t, me, WORD_PUZZLE_ID, type('Mango'));
    expect(texts(replies)).toEqual(['M A N G O\n🟩🟩🟩🟩🟩', 'You got it in 2 tries: MANGO! 🎉']);
    expect(question(replies)).toEqual({ text: 'Play another word?', options: ['New word'] });
    expect(question(await send(t, me, WORD_PUZZLE_ID, tap(0))).text).toBe('Type a five-letter English word. Tries left: 6.');
    expect(texts(await send(t, me, WORD_PUZZLE_ID, tap(1)))).toEqual(['The word was TIGER.']);
  });
});

describe('Echo names the option chosen', () => {
  it('answers a tap on "Two" with "Two", in the user\'s language, and "option n" only when nothing offered it', async () => {
    const me = await t.signIn();
    const nobody = await send(t, me, ECHO_BOT_ID, tap(1));
    expect(nobody[0]!.text!.body).toBe('You chose option 1');
    const fresh = await t.signIn();
    const welcome = await start(fresh, ECHO_BOT_ID);
    expect(question(welcome).options).toEqual(['One', 'Two']);
    expect((await send(t, fresh, ECHO_BOT_ID, tap(1)))[0]!.text!.body).toBe('You chose "Two"');
    const marathi = await t.signIn();
    await start(marathi, ECHO_BOT_ID, 'mr');
    expect((await send(t, marathi, ECHO_BOT_ID, tap(1), 'mr'))[0]!.text!.body).toBe('तुम्ही "दोन" निवडले');
  });
});
