// The engage game catalogue (issue 14): what can be played, in the five languages. Timed quizzes
// reuse the question sets the discovery bots ask (server/discovery/quizzes.ts), the word game its
// words (word-game.ts); maths sprints generate their problems per play; memory boards are dealt
// per play. Ids are stable (derived from each game's key), so a client's cached list stays valid
// across restarts.
import { createHash } from 'node:crypto';
import type { GameCategory, GameType } from '../../src/domain/engage-rewards';
import type { LanguageCode } from '../../src/domain/language-codes';
import { filled, l, say, type L, type Quiz, type QuizSet } from '../discovery/conversation';
import { ENGLISH_GURU_QUIZ, QUIZ_CHAMP_QUIZ, VIDYA_TUTOR_QUIZ } from '../discovery/quizzes';

/** A UUID derived from a name (the layout of a version-5 UUID): the same on every start. */
export function stableUuid(name: string): string {
  const h = createHash('sha1').update(`engage:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

export type MathsLevel = 'easy' | 'medium' | 'hard' | 'tables' | 'addition' | 'subtraction' | 'division' | 'squares';

export interface Game {
  uuid: string;
  key: string;
  type: GameType;
  category: GameCategory;
  name: (language: LanguageCode) => string;
  description: L;
  /** Quiz games: the question set. */
  quiz?: QuizSet;
  maths?: MathsLevel;
  /** Memory games: the set of pictures the app draws the card faces with. */
  theme?: 'shapes' | 'colours';
}

const DESCRIPTIONS: Record<GameType, L> = {
  quiz: l(
    'A timed quiz: answer every question within two minutes.',
    'समयबद्ध क्विज़: हर सवाल का जवाब दो मिनट के अंदर दें।',
    'સમયબદ્ધ ક્વિઝ: દરેક પ્રશ્નનો જવાબ બે મિનિટમાં આપો.',
    'वेळेची क्विझ: प्रत्येक प्रश्नाचे उत्तर दोन मिनिटांत द्या.',
    'సమయ పరిమితి క్విజ్: ప్రతి ప్రశ్నకు రెండు నిమిషాల్లో జవాబు ఇవ్వండి.',
  ),
  word: l(
    'Guess the five-letter English word in six tries.',
    'पाँच अक्षरों वाला अंग्रेज़ी शब्द छह कोशिशों में पहचानिए।',
    'પાંચ અક્ષરનો અંગ્રેજી શબ્દ છ પ્રયત્નોમાં ઓળખો.',
    'पाच अक्षरी इंग्रजी शब्द सहा प्रयत्नांत ओळखा.',
    'ఐదు అక్షరాల ఇంగ్లీష్ పదాన్ని ఆరు ప్రయత్నాల్లో ఊహించండి.',
  ),
  maths: l(
    'A maths sprint: ten sums in ninety seconds.',
    'गणित दौड़: नब्बे सेकंड में दस सवाल।',
    'ગણિત દોડ: નેવું સેકન્ડમાં દસ દાખલા.',
    'गणित शर्यत: नव्वद सेकंदांत दहा गणिते.',
    'గణిత పరుగు: తొంభై సెకన్లలో పది లెక్కలు.',
  ),
  memory: l(
    'Turn two cards at a time and find all eight pairs.',
    'एक बार में दो कार्ड पलटें और सभी आठ जोड़े ढूँढें।',
    'એક સાથે બે કાર્ડ ઉલટાવો અને બધી આઠ જોડી શોધો.',
    'एका वेळी दोन कार्डे उलटा आणि सर्व आठ जोड्या शोधा.',
    'ఒకసారి రెండు కార్డులు తిప్పి, ఎనిమిది జతలనూ కనుక్కోండి.',
  ),
};

const MATHS_NAMES: Record<MathsLevel, L> = {
  easy: l('Maths sprint: easy', 'गणित दौड़: आसान', 'ગણિત દોડ: સરળ', 'गणित शर्यत: सोपी', 'గణిత పరుగు: సులువు'),
  medium: l('Maths sprint: medium', 'गणित दौड़: मध्यम', 'ગણિત દોડ: મધ્યમ', 'गणित शर्यत: मध्यम', 'గణిత పరుగు: మధ్యస్థం'),
  hard: l('Maths sprint: hard', 'गणित दौड़: कठिन', 'ગણિત દોડ: અઘરી', 'गणित शर्यत: कठीण', 'గణిత పరుగు: కఠినం'),
  tables: l('Maths sprint: times tables', 'गणित दौड़: पहाड़े', 'ગણિત દોડ: ઘડિયા', 'गणित शर्यत: पाढे', 'గణిత పరుగు: ఎక్కాలు'),
  addition: l('Maths sprint: addition', 'गणित दौड़: जोड़', 'ગણિત દોડ: સરવાળા', 'गणित शर्यत: बेरीज', 'గణిత పరుగు: కూడికలు'),
  subtraction: l('Maths sprint: subtraction', 'गणित दौड़: घटाव', 'ગણિત દોડ: બાદબાકી', 'गणित शर्यत: वजाबाकी', 'గణిత పరుగు: తీసివేతలు'),
  squares: l('Maths sprint: squares', 'गणित दौड़: वर्ग संख्याएँ', 'ગણિત દોડ: વર્ગ', 'गणित शर्यत: वर्ग', 'గణిత పరుగు: వర్గాలు'),
  division: l('Maths sprint: division', 'गणित दौड़: भाग', 'ગણિત દોડ: ભાગાકાર', 'गणित शर्यत: भागाकार', 'గణిత పరుగు: భాగహారాలు'),
};

const MEMORY_NAMES = {
  shapes: l('Memory match: shapes', 'मेमोरी मैच: आकृतियाँ', 'મેમરી મેચ: આકારો', 'मेमरी मॅच: आकार', 'మెమరీ మ్యాచ్: ఆకారాలు'),
  colours: l('Memory match: colours', 'मेमोरी मैच: रंग', 'મેમરી મેચ: રંગો', 'मेमरी मॅच: रंग', 'మెమరీ మ్యాచ్: రంగులు'),
} as const;

export const WORD_GAME_NAME = l('Word puzzle', 'शब्द पहेली', 'શબ્દ કોયડો', 'शब्दकोडे', 'పద పజిల్');

export const CATEGORY_NAMES: Record<GameCategory, L> = {
  knowledge: l('General knowledge', 'सामान्य ज्ञान', 'સામાન્ય જ્ઞાન', 'सामान्य ज्ञान', 'జనరల్ నాలెడ్జ్'),
  learning: l('School subjects', 'स्कूल के विषय', 'શાળાના વિષયો', 'शाळेचे विषय', 'పాఠశాల సబ్జెక్టులు'),
  language: l('Language', 'भाषा', 'ભાષા', 'भाषा', 'భాష'),
  numbers: l('Numbers', 'संख्याएँ', 'સંખ્યાઓ', 'संख्या', 'సంఖ్యలు'),
  memory: l('Memory', 'याददाश्त', 'યાદશક્તિ', 'स्मरणशक्ती', 'జ్ఞాపకశక్తి'),
};

export const TYPE_NAMES: Record<GameType, L> = {
  quiz: l('Timed quiz', 'समयबद्ध क्विज़', 'સમયબદ્ધ ક્વિઝ', 'वेळेची क्विझ', 'సమయ క్విజ్'),
  word: l('Word game', 'शब्दों का खेल', 'શબ્દ રમત', 'शब्दांचा खेळ', 'పదాల ఆట'),
  maths: l('Maths sprint', 'गणित दौड़', 'ગણિત દોડ', 'गणित शर्यत', 'గణిత పరుగు'),
  memory: l('Memory match', 'मेमोरी मैच', 'મેમરી મેચ', 'मेमरी मॅच', 'మెమరీ మ్యాచ్'),
};

export const FILTER_NAMES = {
  category: l('Category', 'श्रेणी', 'શ્રેણી', 'श्रेणी', 'వర్గం'),
  type: l('Kind of game', 'खेल का प्रकार', 'રમતનો પ્રકાર', 'खेळाचा प्रकार', 'ఆట రకం'),
} as const;

function quizGames(prefix: string, quiz: Quiz, category: GameCategory): Game[] {
  return quiz.sets.map((set, i) => ({
    uuid: stableUuid(`${prefix}-${i}`), key: `${prefix}-${i}`, type: 'quiz', category,
    name: (language) => filled(quiz.title, language, { set: say(set.label, language) }),
    description: DESCRIPTIONS.quiz, quiz: set,
  }));
}

export const GAMES: readonly Game[] = [
  ...quizGames('quiz-champ', QUIZ_CHAMP_QUIZ, 'knowledge'),
  ...quizGames('vidya-tutor', VIDYA_TUTOR_QUIZ, 'learning'),
  ...quizGames('english-guru', ENGLISH_GURU_QUIZ, 'language'),
  { uuid: stableUuid('word-puzzle'), key: 'word-puzzle', type: 'word', category: 'language', name: (lang) => WORD_GAME_NAME[lang], description: DESCRIPTIONS.word },
  ...(['easy', 'medium', 'hard', 'tables', 'addition', 'subtraction', 'division', 'squares'] as const).map((level): Game => ({
    uuid: stableUuid(`maths-${level}`), key: `maths-${level}`, type: 'maths', category: 'numbers', name: (lang) => MATHS_NAMES[level][lang], description: DESCRIPTIONS.maths, maths: level,
  })),
  ...(['shapes', 'colours'] as const).map((theme): Game => ({
    uuid: stableUuid(`memory-${theme}`), key: `memory-${theme}`, type: 'memory', category: 'memory', name: (lang) => MEMORY_NAMES[theme][lang], description: DESCRIPTIONS.memory, theme,
  })),
];

const BY_UUID = new Map(GAMES.map((g) => [g.uuid, g]));
export const gameByUuid = (uuid: string): Game | undefined => BY_UUID.get(uuid);
