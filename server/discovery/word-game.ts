// Word Puzzle's game: guess a five-letter English word in six typed tries. Each guess is answered
// with its letters and a square per letter (🟩 right place, 🟨 in the word elsewhere, ⬜ not in
// it); Hint gives a clue in the user's language; Show the answer ends the round; New word starts
// the next one. The words stay English (the game is in English letters); everything else is
// translated. The state (word, guesses) is stored like every script's (conversation.ts).
import type { LanguageCode } from '../../src/domain/language-codes';
import { filled, l, normalise, say, type L, type Said, type Screen, type Script } from './conversation';

export const WORDS: readonly { word: string; hint: L }[] = [
  { word: 'MANGO', hint: l('A fruit: the king of fruits, sweetest in summer.', 'एक फल: फलों का राजा, गर्मियों में सबसे मीठा।', 'એક ફળ: ફળોનો રાજા, ઉનાળામાં સૌથી મીઠો.', 'एक फळ: फळांचा राजा, उन्हाळ्यात सर्वात गोड.', 'ఒక పండు: పండ్లలో రారాజు, వేసవిలో ఎంతో తీపి.') },
  { word: 'TIGER', hint: l('An animal: India\'s national animal, with stripes.', 'एक जानवर: भारत का राष्ट्रीय पशु, धारियों वाला।', 'એક પ્રાણી: ભારતનું રાષ્ટ્રીય પ્રાણી, પટ્ટાવાળું.', 'एक प्राणी: भारताचा राष्ट्रीय प्राणी, पट्टे असलेला.', 'ఒక జంతువు: భారతదేశ జాతీయ జంతువు, చారలతో ఉంటుంది.') },
  { word: 'RIVER', hint: l('Water that flows to the sea: the Ganga is one.', 'समुद्र तक बहता पानी: गंगा भी एक है।', 'દરિયા સુધી વહેતું પાણી: ગંગા પણ એક છે.', 'समुद्राकडे वाहणारे पाणी: गंगा ही एक आहे.', 'సముద్రం వైపు ప్రవహించే నీరు: గంగ కూడా ఒకటి.') },
  { word: 'CHAIR', hint: l('Furniture: you sit on it at a table.', 'एक फ़र्नीचर: मेज़ के पास आप इस पर बैठते हैं।', 'એક ફર્નિચર: ટેબલ પાસે તમે તેના પર બેસો છો.', 'एक फर्निचर: टेबलाजवळ तुम्ही त्यावर बसता.', 'ఒక ఫర్నిచర్: బల్ల దగ్గర మీరు దాని మీద కూర్చుంటారు.') },
];

export const TRIES = 6;

export const WORD_TEXT = {
  welcome: l(
    'Welcome to Word Puzzle! Guess the five-letter English word in six tries. After each guess: 🟩 right letter in the right place, 🟨 in the word but elsewhere, ⬜ not in the word.',
    'Word Puzzle में आपका स्वागत है! पाँच अक्षरों वाला अंग्रेज़ी शब्द छह कोशिशों में पहचानिए। हर अनुमान के बाद: 🟩 सही अक्षर सही जगह पर, 🟨 अक्षर शब्द में है पर कहीं और, ⬜ अक्षर शब्द में नहीं है।',
    'Word Puzzle માં તમારું સ્વાગત છે! પાંચ અક્ષરનો અંગ્રેજી શબ્દ છ પ્રયત્નોમાં ઓળખો. દરેક અનુમાન પછી: 🟩 સાચો અક્ષર સાચી જગ્યાએ, 🟨 અક્ષર શબ્દમાં છે પણ બીજી જગ્યાએ, ⬜ અક્ષર શબ્દમાં નથી.',
    'Word Puzzle मध्ये तुमचे स्वागत आहे! पाच अक्षरी इंग्रजी शब्द सहा प्रयत्नांत ओळखा. प्रत्येक अंदाजानंतर: 🟩 योग्य अक्षर योग्य जागी, 🟨 अक्षर शब्दात आहे पण दुसरीकडे, ⬜ अक्षर शब्दात नाही.',
    'Word Puzzle కి స్వాగతం! ఐదు అక్షరాల ఇంగ్లీష్ పదాన్ని ఆరు ప్రయత్నాల్లో ఊహించండి. ప్రతి ఊహ తర్వాత: 🟩 సరైన అక్షరం సరైన చోట, 🟨 అక్షరం పదంలో ఉంది కానీ వేరే చోట, ⬜ అక్షరం పదంలో లేదు.',
  ),
  typeGuess: l(
    'Type a five-letter English word. Tries left: {left}.',
    'पाँच अक्षरों वाला अंग्रेज़ी शब्द लिखें। बची कोशिशें: {left}।',
    'પાંચ અક્ષરનો અંગ્રેજી શબ્દ લખો. બાકી પ્રયત્નો: {left}.',
    'पाच अक्षरी इंग्रजी शब्द लिहा. उरलेले प्रयत्न: {left}.',
    'ఐదు అక్షరాల ఇంగ్లీష్ పదం టైప్ చేయండి. మిగిలిన ప్రయత్నాలు: {left}.',
  ),
  notAWord: l(
    'That is not five English letters: try a word such as APPLE.',
    'यह पाँच अंग्रेज़ी अक्षर नहीं हैं: APPLE जैसा कोई शब्द लिखें।',
    'આ પાંચ અંગ્રેજી અક્ષર નથી: APPLE જેવો કોઈ શબ્દ લખો.',
    'ही पाच इंग्रजी अक्षरे नाहीत: APPLE सारखा एखादा शब्द लिहा.',
    'ఇవి ఐదు ఇంగ్లీష్ అక్షరాలు కావు: APPLE లాంటి పదం ప్రయత్నించండి.',
  ),
  hintIs: l('Hint: {hint}', 'संकेत: {hint}', 'સંકેત: {hint}', 'संकेत: {hint}', 'సూచన: {hint}'),
  won: l('You got it in {n} tries: {word}! 🎉', 'आपने {n} कोशिशों में पहचान लिया: {word}! 🎉', 'તમે {n} પ્રયત્નોમાં ઓળખી લીધો: {word}! 🎉', 'तुम्ही {n} प्रयत्नांत ओळखला: {word}! 🎉', 'మీరు {n} ప్రయత్నాల్లో కనిపెట్టారు: {word}! 🎉'),
  lost: l('Out of tries: the word was {word}.', 'कोशिशें ख़त्म: शब्द था {word}।', 'પ્રયત્નો પૂરા: શબ્દ હતો {word}.', 'प्रयत्न संपले: शब्द होता {word}.', 'ప్రయత్నాలు అయిపోయాయి: పదం {word}.'),
  revealed: l('The word was {word}.', 'शब्द था {word}।', 'શબ્દ હતો {word}.', 'शब्द होता {word}.', 'పదం {word}.'),
  playAgain: l('Play another word?', 'एक और शब्द खेलें?', 'બીજો શબ્દ રમવો છે?', 'आणखी एक शब्द खेळायचा?', 'మరో పదం ఆడతారా?'),
  hint: l('Hint', 'संकेत', 'સંકેત', 'संकेत', 'సూచన'),
  showAnswer: l('Show the answer', 'उत्तर दिखाएँ', 'જવાબ બતાવો', 'उत्तर दाखवा', 'జవాబు చూపించు'),
  newWord: l('New word', 'नया शब्द', 'નવો શબ્દ', 'नवा शब्द', 'కొత్త పదం'),
} as const;

type WordState = { word: number; guesses: string[]; over: boolean };

/** The squares of a guess against the word (letters counted, so a double letter is marked once). */
export function squares(guess: string, word: string): string {
  const marks: string[] = Array.from({ length: word.length }, () => '⬜');
  const left = new Map<string, number>();
  for (let i = 0; i < word.length; i++) {
    if (guess[i] === word[i]) marks[i] = '🟩';
    else left.set(word[i]!, (left.get(word[i]!) ?? 0) + 1);
  }
  for (let i = 0; i < word.length; i++) {
    const c = guess[i]!;
    if (marks[i] === '🟩' || !left.get(c)) continue;
    marks[i] = '🟨';
    left.set(c, left.get(c)! - 1);
  }
  return marks.join('');
}

const playing = (state: WordState, language: LanguageCode, before?: string[]): Screen => ({
  ...(before ? { before } : {}),
  prompt: filled(WORD_TEXT.typeGuess, language, { left: TRIES - state.guesses.length }),
  options: [say(WORD_TEXT.hint, language), say(WORD_TEXT.showAnswer, language)],
});

const finished = (language: LanguageCode, before: string[]): Screen =>
  ({ before, prompt: say(WORD_TEXT.playAgain, language), options: [say(WORD_TEXT.newWord, language)] });

const next = (state: WordState, language: LanguageCode) => {
  const fresh: WordState = { word: (state.word + 1) % WORDS.length, guesses: [], over: false };
  return { state: fresh, screen: playing(fresh, language) };
};

export const WORD_GAME: Script<WordState> = {
  welcome: WORD_TEXT.welcome,
  initial: { word: 0, guesses: [], over: false },
  read: (stored) => {
    const { word, guesses, over } = stored as Partial<WordState>;
    if (typeof word !== 'number' || !WORDS[word] || !Array.isArray(guesses) || typeof over !== 'boolean') return null;
    return { word, guesses: guesses.filter((g): g is string => typeof g === 'string'), over };
  },
  show: (state, language) => (state.over ? finished(language, []) : playing(state, language)),
  menu: (state) => (state.over ? { word: (state.word + 1) % WORDS.length, guesses: [], over: false } : state),
  choose: (state, index, language) => {
    const { word, hint } = WORDS[state.word]!;
    if (state.over) return next(state, language);
    if (index === 0) return { state, screen: playing(state, language, [filled(WORD_TEXT.hintIs, language, { hint: say(hint, language) })]) };
    if (index === 1) return { state: { ...state, over: true }, screen: finished(language, [filled(WORD_TEXT.revealed, language, { word })]) };
    return { state, screen: playing(state, language) };
  },
  type: (state, words, language) => {
    if (state.over) return next(state, language);
    const { word } = WORDS[state.word]!;
    const guess = normalise(words).toUpperCase();
    if (!/^[A-Z]{5}$/.test(guess)) return { state, screen: playing(state, language, [say(WORD_TEXT.notAWord, language)]) };
    const guesses = [...state.guesses, guess];
    const line = `${guess.split('').join(' ')}\n${squares(guess, word)}`;
    if (guess === word) return { state: { ...state, guesses, over: true }, screen: finished(language, [line, filled(WORD_TEXT.won, language, { n: guesses.length, word })]) };
    if (guesses.length >= TRIES) return { state: { ...state, guesses, over: true }, screen: finished(language, [line, filled(WORD_TEXT.lost, language, { word })]) };
    return { state: { ...state, guesses }, screen: playing({ ...state, guesses }, language, [line]) };
  },
};

/** Every text of the game (the translation test reads them). */
export const wordGameTexts = (): Said[] => [...Object.values(WORD_TEXT), ...WORDS.map((w) => w.hint)];
