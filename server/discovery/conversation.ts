// How the discovery bots hold a conversation: each is a script of one of three kinds,
// run over the user's state stored in bot_state (server/bots/bot-state.ts), so a conversation
// carries on across server restarts.
//
// - tree: a decision tree. Each step is one button message (its text and its options); an
//   option leads to another step; a step with no options is advice, offered with Back (to the
//   step before, when that is not the main menu) and Main menu.
// - quiz: practice sets of questions with option buttons; the server checks each answer, says
//   right or wrong (with the right answer), keeps the score and ends the set with a scorecard.
// - word game (Word Puzzle): guess a five-letter word in six typed tries, with letter feedback.
//
// Typed text is understood too: "menu", "start", "hi"... in any of the five languages bring the
// main menu back; an option's label (in any language) or its number picks it; an option label of
// any step of a tree goes to that step (typing "wheat" anywhere opens wheat's questions).
//
// Every text is a Said: five languages side by side (`l(en, hi, gu, mr, te)`), or one plain
// string that is the same in all of them (numbers, the English words English Guru teaches).
// test/unit/server/bot-text.test.ts walks every script and fails when a translation is missing.
import type { OutgoingMessage, ScorecardRow } from '../../src/api/messages';
import type { LanguageCode } from '../../src/domain/language-codes';
import { readBotState, writeBotState, type BotState } from '../bots/bot-state';
import type { BotAnswer, BotContext, BotReply } from '../bots/bot-types';

export type L = Readonly<Record<LanguageCode, string>>;
/** A text in five languages, or one string that reads the same in every language. */
export type Said = L | string;

export const l = (en: string, hi: string, gu: string, mr: string, te: string): L => ({ en, hi, gu, mr, te });
export const say = (s: Said, language: LanguageCode): string => (typeof s === 'string' ? s : s[language]);

/** {name} placeholders, filled after the language is picked. */
export const filled = (s: Said, language: LanguageCode, vars: Readonly<Record<string, string | number>>): string =>
  say(s, language).replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));

// ---------- the texts every script shares ----------

export const COMMON = {
  mainMenu: l('Main menu', 'मुख्य मेनू', 'મુખ્ય મેનુ', 'मुख्य मेनू', 'ప్రధాన మెనూ'),
  back: l('Back', 'पीछे', 'પાછળ', 'मागे', 'వెనక్కి'),
  notUnderstood: l(
    'Sorry, I did not follow that. Pick an option below, or type *menu* to start again.',
    'माफ़ कीजिए, मैं समझ नहीं पाया। नीचे से कोई विकल्प चुनें, या फिर से शुरू करने के लिए *menu* लिखें।',
    'માફ કરશો, હું સમજ્યો નહીં. નીચેથી કોઈ વિકલ્પ પસંદ કરો, અથવા ફરી શરૂ કરવા *menu* લખો.',
    'माफ करा, मला समजले नाही. खालील एखादा पर्याय निवडा, किंवा पुन्हा सुरू करण्यासाठी *menu* लिहा.',
    'క్షమించండి, నాకు అర్థం కాలేదు. కింద ఒక ఎంపికను ఎంచుకోండి, లేదా మళ్లీ మొదలుపెట్టడానికి *menu* అని టైప్ చేయండి.',
  ),
  questionOf: l('Question {n} of {total}: {question}', 'प्रश्न {n} / {total}: {question}', 'પ્રશ્ન {n} / {total}: {question}', 'प्रश्न {n} / {total}: {question}', 'ప్రశ్న {n} / {total}: {question}'),
  correct: l('Correct! ✅', 'सही! ✅', 'સાચું! ✅', 'बरोबर! ✅', 'సరైనది! ✅'),
  wrong: l('Not quite: the answer is “{answer}”.', 'सही नहीं: उत्तर है “{answer}”।', 'બરાબર નથી: જવાબ છે “{answer}”.', 'बरोबर नाही: उत्तर आहे “{answer}”.', 'సరికాదు: జవాబు “{answer}”.'),
  pickAnswer: l(
    'Pick one of the answers below (or type its number).',
    'नीचे दिए उत्तरों में से एक चुनें (या उसका क्रमांक लिखें)।',
    'નીચેના જવાબોમાંથી એક પસંદ કરો (અથવા તેનો નંબર લખો).',
    'खालील उत्तरांपैकी एक निवडा (किंवा त्याचा क्रमांक लिहा).',
    'కింద ఉన్న జవాబుల్లో ఒకటి ఎంచుకోండి (లేదా దాని సంఖ్య టైప్ చేయండి).',
  ),
  scoreCorrect: l('Correct', 'सही', 'સાચા', 'बरोबर', 'సరైనవి'),
  scoreWrong: l('Wrong', 'ग़लत', 'ખોટા', 'चूक', 'తప్పు'),
  finished: l(
    'You scored {score} of {total}. Play again, or pick another set:',
    'आपके {total} में से {score} सही। फिर से खेलें, या कोई और सेट चुनें:',
    'તમારા {total} માંથી {score} સાચા. ફરી રમો, અથવા બીજો સેટ પસંદ કરો:',
    'तुमचे {total} पैकी {score} बरोबर. पुन्हा खेळा, किंवा दुसरा संच निवडा:',
    'మీకు {total} లో {score} వచ్చాయి. మళ్లీ ఆడండి, లేదా మరో సెట్ ఎంచుకోండి:',
  ),
} as const;

/** Words that bring the main menu back, in every language (compared after normalising). */
export const MENU_WORDS: readonly string[] = [
  'menu', 'main menu', 'start', 'restart', 'hi', 'hello', 'help', 'home',
  'मेनू', 'मेन्यू', 'मुख्य मेनू', 'शुरू', 'नमस्ते', 'मदद',
  'મેનુ', 'મુખ્ય મેનુ', 'શરૂ', 'નમસ્તે', 'મદદ',
  'सुरू', 'नमस्कार', 'मदत',
  'మెనూ', 'ప్రధాన మెనూ', 'ప్రారంభం', 'నమస్కారం', 'సహాయం',
];

/** Lower case, no surrounding spaces or end punctuation, single spaces. */
export const normalise = (s: string): string => s.normalize('NFC').trim().toLowerCase().replace(/[.!?।,;:]+$/u, '').replace(/\s+/g, ' ');

const isMenuWord = (words: string): boolean => MENU_WORDS.includes(normalise(words));

/** Every language's version of a label, normalised. */
const variants = (s: Said): string[] => (typeof s === 'string' ? [normalise(s)] : Object.values(s).map(normalise));

/** Which of the labels the typed words name: its number (1-based), or a label in any language. */
function typedChoice(words: string, labels: readonly Said[]): number | undefined {
  const typed = normalise(words);
  const n = /^\d+$/.test(typed) ? Number(typed) : NaN;
  // a label that is itself a number ("96") wins over the option numbered so
  const exact = labels.findIndex((label) => variants(label).includes(typed));
  if (exact >= 0) return exact;
  if (n >= 1 && n <= labels.length) return n - 1;
  return undefined;
}

// ---------- what a turn answers ----------

export interface Screen {
  /** Messages before the question (verdicts, feedback). */
  before?: string[];
  scorecard?: { title: string; score: number; total: number; rows: ScorecardRow[] };
  /** The button message the turn ends on: its text and options. */
  prompt: string;
  options: readonly string[];
}

function render(screen: Screen): BotReply[] {
  const out: BotReply[] = (screen.before ?? []).map((body) => ({ type: 'text', text: { body } }));
  if (screen.scorecard) out.push({ type: 'scorecard', scorecard: screen.scorecard });
  out.push({
    type: 'button',
    text: { body: screen.prompt },
    buttons: screen.options.map((body, button_index) => ({ body, button_index })),
    // typing stays open: every bot also understands typed answers and "menu"
    allow_custom_response: true,
  });
  return out;
}

/** A script: its welcome and how it answers, given and giving its state. */
export interface Script<S extends BotState> {
  welcome: L;
  initial: S;
  /** Parses a stored state; null when it is not this script's (then the initial state is used). */
  read(stored: BotState): S | null;
  /** The screen of a state (the welcome shows the initial one). */
  show(state: S, language: LanguageCode): Screen;
  /** A tap on option `index` of the state's screen. */
  choose(state: S, index: number, language: LanguageCode): { state: S; screen: Screen };
  /** Typed words (menu words are handled before). */
  type(state: S, words: string, language: LanguageCode): { state: S; screen: Screen };
  /** Where a menu word ("menu", "start"...) leads; the initial state when absent. */
  menu?(state: S): S;
}

export function scriptedBot<S extends BotState>(script: Script<S>) {
  return {
    welcome: (language: LanguageCode): BotReply[] => [
      { type: 'text', text: { body: say(script.welcome, language) } },
      ...render(script.show(script.initial, language)),
    ],
    answer: async (message: OutgoingMessage, ctx: BotContext): Promise<BotAnswer> => {
      const { language } = ctx;
      const stored = await readBotState(ctx.db, ctx.userUuid, ctx.botUuid);
      const state = (stored && script.read(stored)) ?? script.initial;
      let next: { state: S; screen: Screen };
      if (message.type === 'button_response') next = script.choose(state, message.button_index, language);
      else if (message.type === 'text' && isMenuWord(message.text.body)) {
        const home = script.menu?.(state) ?? script.initial;
        next = { state: home, screen: script.show(home, language) };
      }
      else if (message.type === 'text') next = script.type(state, message.text.body, language);
      else next = { state, screen: { ...script.show(state, language), before: [say(COMMON.notUnderstood, language)] } };
      await writeBotState(ctx.db, ctx.userUuid, ctx.botUuid, next.state, ctx.now);
      return { replies: render(next.screen), delayed: false };
    },
  };
}

// ---------- decision trees ----------

export interface TreeStep {
  text: Said;
  /** [label, id of the step it leads to]; none: the step is advice (Back and Main menu follow). */
  options?: readonly (readonly [label: Said, to: string])[];
}

export interface Tree {
  welcome: L;
  /** The steps by id; 'menu' is the main menu. */
  steps: Readonly<Record<string, TreeStep>>;
}

type TreeState = { step: string };

export function treeScript(tree: Tree): Script<TreeState> {
  const parent = new Map<string, string>();
  for (const [id, step] of Object.entries(tree.steps)) {
    for (const [, to] of step.options ?? []) {
      if (!tree.steps[to]) throw new Error(`step ${id} leads to ${to}, which does not exist`);
      if (!parent.has(to) && to !== 'menu') parent.set(to, id);
    }
  }
  /** The options a step offers: [label, target]. */
  const offered = (id: string): (readonly [Said, string])[] => {
    const step = tree.steps[id]!;
    if (id === 'menu') return [...(step.options ?? [])];
    const up = parent.get(id);
    const back: (readonly [Said, string])[] = !step.options && up !== undefined && up !== 'menu' ? [[COMMON.back, up]] : [];
    return [...(step.options ?? []), ...back, [COMMON.mainMenu, 'menu']];
  };
  const show = (id: string, language: LanguageCode, before?: string[]): Screen => ({
    ...(before ? { before } : {}),
    prompt: say(tree.steps[id]!.text, language),
    options: offered(id).map(([label]) => say(label, language)),
  });
  const go = (to: string, language: LanguageCode) => ({ state: { step: to }, screen: show(to, language) });
  const confused = (step: string, language: LanguageCode) => ({ state: { step }, screen: show(step, language, [say(COMMON.notUnderstood, language)]) });
  return {
    welcome: tree.welcome,
    initial: { step: 'menu' },
    read: (stored) => (typeof stored.step === 'string' && tree.steps[stored.step] ? { step: stored.step } : null),
    show: (state, language) => show(state.step, language),
    choose: (state, index, language) => {
      const target = offered(state.step)[index];
      return target ? go(target[1], language) : confused(state.step, language);
    },
    type: (state, words, language) => {
      const here = offered(state.step);
      const i = typedChoice(words, here.map(([label]) => label));
      if (i !== undefined) return go(here[i]![1], language);
      // an option of any step, named in any language: go where it leads
      const typed = normalise(words);
      for (const step of Object.values(tree.steps)) {
        const found = step.options?.find(([label]) => variants(label).includes(typed));
        if (found) return go(found[1], language);
      }
      return confused(state.step, language);
    },
  };
}

/** Every text of a tree (the translation test reads them). */
export const treeTexts = (tree: Tree): Said[] =>
  [tree.welcome, ...Object.values(tree.steps).flatMap((s) => [s.text, ...(s.options ?? []).map(([label]) => label)])];

// ---------- quizzes ----------

export interface Question {
  question: Said;
  options: readonly Said[];
  /** The index of the right option. */
  answer: number;
  /** Said after the verdict, right or wrong. */
  why?: Said;
}

export interface QuizSet { label: Said; questions: readonly Question[] }

export interface Quiz {
  welcome: L;
  /** The main menu's question (its options: the sets). */
  menu: Said;
  /** The scorecard's title ({set}: the set's label). */
  title: Said;
  sets: readonly QuizSet[];
}

type QuizState = { set: number; q: number; score: number } | { set: -1; q: 0; score: 0 };

export function quizScript(quiz: Quiz): Script<QuizState> {
  const MENU: QuizState = { set: -1, q: 0, score: 0 };
  const setLabels = (language: LanguageCode) => quiz.sets.map((s) => say(s.label, language));
  const menu = (language: LanguageCode, before?: string[]): Screen => ({ ...(before ? { before } : {}), prompt: say(quiz.menu, language), options: setLabels(language) });
  const ask = (state: QuizState, language: LanguageCode, before?: string[]): Screen => {
    const set = quiz.sets[state.set]!;
    const q = set.questions[state.q]!;
    return {
      ...(before ? { before } : {}),
      prompt: filled(COMMON.questionOf, language, { n: state.q + 1, total: set.questions.length, question: say(q.question, language) }),
      options: q.options.map((o) => say(o, language)),
    };
  };
  const show = (state: QuizState, language: LanguageCode): Screen => (state.set < 0 ? menu(language) : ask(state, language));
  const start = (set: number, language: LanguageCode) => {
    if (!quiz.sets[set]) return { state: MENU, screen: menu(language, [say(COMMON.notUnderstood, language)]) };
    const state: QuizState = { set, q: 0, score: 0 };
    return { state, screen: ask(state, language) };
  };
  const answer = (state: QuizState, index: number, language: LanguageCode) => {
    const set = quiz.sets[state.set]!;
    const q = set.questions[state.q]!;
    const right = index === q.answer;
    const verdict = right ? say(COMMON.correct, language) : filled(COMMON.wrong, language, { answer: say(q.options[q.answer]!, language) });
    const before = [q.why ? `${verdict} ${say(q.why, language)}` : verdict];
    const score = state.score + (right ? 1 : 0);
    if (state.q + 1 < set.questions.length) {
      const next: QuizState = { set: state.set, q: state.q + 1, score };
      return { state: next, screen: ask(next, language, before) };
    }
    const total = set.questions.length;
    return {
      state: MENU,
      screen: {
        before,
        scorecard: {
          title: filled(quiz.title, language, { set: say(set.label, language) }),
          score,
          total,
          rows: [{ label: say(COMMON.scoreCorrect, language), value: String(score) }, { label: say(COMMON.scoreWrong, language), value: String(total - score) }],
        },
        prompt: filled(COMMON.finished, language, { score, total }),
        options: setLabels(language),
      },
    };
  };
  return {
    welcome: quiz.welcome,
    initial: MENU,
    read: (stored) => {
      const { set, q, score } = stored as { set?: unknown; q?: unknown; score?: unknown };
      if (set === -1) return MENU;
      if (typeof set !== 'number' || typeof q !== 'number' || typeof score !== 'number') return null;
      return quiz.sets[set]?.questions[q] ? { set, q, score } : null;
    },
    show,
    choose: (state, index, language) => {
      if (state.set < 0) return start(index, language);
      if (index < 0 || index >= quiz.sets[state.set]!.questions[state.q]!.options.length) {
        return { state, screen: ask(state, language, [say(COMMON.pickAnswer, language)]) };
      }
      return answer(state, index, language);
    },
    type: (state, words, language) => {
      if (state.set < 0) {
        const i = typedChoice(words, quiz.sets.map((s) => s.label));
        return i !== undefined ? start(i, language) : { state, screen: menu(language, [say(COMMON.notUnderstood, language)]) };
      }
      const i = typedChoice(words, quiz.sets[state.set]!.questions[state.q]!.options);
      return i !== undefined ? answer(state, i, language) : { state, screen: ask(state, language, [say(COMMON.pickAnswer, language)]) };
    },
  };
}

/** Every text of a quiz (the translation test reads them). */
export const quizTexts = (quiz: Quiz): Said[] => [
  quiz.welcome, quiz.menu, quiz.title,
  ...quiz.sets.flatMap((s) => [s.label, ...s.questions.flatMap((q) => [q.question, ...q.options, ...(q.why ? [q.why] : [])])]),
];
