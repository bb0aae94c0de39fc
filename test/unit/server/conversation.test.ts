// The discovery bots' conversation rules without a database: a tree's steps and typed words, a
// quiz's scoring, Word Puzzle's letter marks (server/discovery/conversation.ts, word-game.ts).
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../src/domain/language-codes';
import { l, MENU_WORDS, normalise, quizScript, treeScript, type Quiz, type Tree } from '../../../server/discovery/conversation';
import { squares } from '../../../server/discovery/word-game';

const TREE: Tree = {
  welcome: l('w', 'w', 'w', 'w', 'w'),
  steps: {
    menu: { text: 'Pick', options: [[l('Fruit', 'फल', 'ફળ', 'फळ', 'పండు'), 'fruit'], ['Nuts', 'nuts']] },
    fruit: { text: 'Which fruit?', options: [['Mango', 'mango']] },
    mango: { text: 'Mangoes are sweet.' },
    nuts: { text: 'Nuts are crunchy.' },
  },
};

describe('a decision tree', () => {
  const tree = treeScript(TREE);
  it('adds Back (not to the main menu) and Main menu to advice, Main menu to other steps', () => {
    expect(tree.show({ step: 'menu' }, 'en').options).toEqual(['Fruit', 'Nuts']);
    expect(tree.show({ step: 'fruit' }, 'en').options).toEqual(['Mango', 'Main menu']);
    expect(tree.show({ step: 'mango' }, 'en').options).toEqual(['Back', 'Main menu']);
    expect(tree.show({ step: 'nuts' }, 'en').options).toEqual(['Main menu']);
    expect(tree.choose({ step: 'mango' }, 0, 'en').state).toEqual({ step: 'fruit' });
    expect(tree.choose({ step: 'mango' }, 1, 'en').state).toEqual({ step: 'menu' });
  });

  it('understands a label in any language, a number, and a label of another step', () => {
    expect(tree.type({ step: 'menu' }, 'banana', 'en').screen.before).toHaveLength(1);
    expect(tree.type({ step: 'menu' }, ' పండు ', 'en').state).toEqual({ step: 'fruit' });
    expect(tree.type({ step: 'menu' }, 'फल', 'en').state).toEqual({ step: 'fruit' });
    expect(tree.type({ step: 'menu' }, '2', 'en').state).toEqual({ step: 'nuts' });
    expect(tree.type({ step: 'nuts' }, 'MANGO.', 'en').state).toEqual({ step: 'mango' });
  });

  it('refuses a tree whose option leads nowhere', () => {
    expect(() => treeScript({ welcome: TREE.welcome, steps: { menu: { text: 'x', options: [['y', 'nowhere']] } } })).toThrow(/nowhere/);
  });
});

describe('a quiz', () => {
  const QUIZ: Quiz = {
    welcome: TREE.welcome, menu: 'Pick', title: 'Quiz {set}',
    sets: [{ label: 'Numbers', questions: [{ question: 'Two?', options: ['1', '2'], answer: 1 }, { question: 'One?', options: ['2', '1'], answer: 1 }] }],
  };
  const quiz = quizScript(QUIZ);
  it('a typed label that is a number wins over the option numbered so', () => {
    const started = quiz.choose(quiz.initial, 0, 'en').state;
    // "1" is the first option's label (wrong), not "option number 1"
    const after = quiz.type(started, '1', 'en');
    expect(after.state).toEqual({ set: 0, q: 1, score: 0 });
    const end = quiz.type(after.state, '1', 'en');
    expect(end.screen.scorecard).toMatchObject({ title: 'Quiz Numbers', score: 1, total: 2 });
    expect(end.state).toEqual(quiz.initial);
  });

  it('reads back only states it could have written', () => {
    expect(quiz.read({ set: 0, q: 1, score: 1 })).toEqual({ set: 0, q: 1, score: 1 });
    expect(quiz.read({ set: 0, q: 9, score: 1 })).toBeNull();
    expect(quiz.read({ step: 'menu' })).toBeNull();
  });
});

describe('menu words', () => {
  it('are normalised, and there are some in each script', () => {
    for (const word of MENU_WORDS) expect(normalise(word)).toBe(word);
    expect(LANGUAGE_CODES.length).toBe(5);
    for (const script of [/[a-z]/, /[\u0900-\u097F]/u, /[\u0A80-\u0AFF]/u, /[\u0C00-\u0C7F]/u]) expect(MENU_WORDS.some((w) => script.test(w))).toBe(true);
  });
});

describe('Word Puzzle marks', () => {
  it('green in place, yellow elsewhere, a repeated letter marked only as often as the word has it', () => {
    expect(squares('MANGO', 'MANGO')).toBe('🟩🟩🟩🟩🟩');
    expect(squares('AMONG', 'MANGO')).toBe('🟨🟨🟨🟨🟨');
    expect(squares('MAMMA', 'MANGO')).toBe('🟩🟩⬜⬜⬜');
    expect(squares('TIGRE', 'TIGER')).toBe('🟩🟩🟩🟨🟨');
  });
});
