import { describe, expect, it } from 'vitest';
import { optionLayout, type OptionLayout } from '../../../src/domain/option-layout';

const opts = (count: number, labelLength: number, icon = false) =>
  Array.from({ length: count }, (_, i) => ({ body: 'x'.repeat(labelLength), button_index: i, ...(icon ? { icon: '/i.svg' } : {}) }));

// count, longest label, icons, multi-select → layout (spec part 1 §5 "Option layout", in its order)
const TABLE: [number, number, boolean, boolean, OptionLayout, string][] = [
  [0, 0, false, false, 'stack', 'no options'],
  [1, 5, false, false, 'stack', '1 option is a stack'],
  [1, 40, true, false, 'stack', '1 option with an icon is a stack'],
  [2, 13, false, false, 'grid-2', '2 options, longest 13: grid'],
  [2, 14, false, false, 'stack', '2 options, longest 14: stack'],
  [2, 5, true, false, 'grid-2', '2 short options with icons: the 2-option rule comes first'],
  [3, 5, true, false, 'stack', 'icons, 3: stack'],
  [6, 5, true, false, 'stack', 'icons, 6: stack'],
  [7, 5, true, false, 'list', 'icons, more than 6: list'],
  [19, 3, false, false, 'list', 'no icons, more than 18: list'],
  [18, 8, false, false, 'grid-3', '18 of 8 chars, divisible by 3: 3 columns'],
  [3, 8, false, false, 'grid-3', '3 of 8 chars: 3 columns'],
  [9, 8, false, false, 'grid-3', '9 of 8 chars: 3 columns'],
  [3, 9, false, false, 'stack', '3 of 9 chars: odd, 3 or fewer over 6? no: stack'],
  [4, 13, false, false, 'grid-2', '4 of 13 chars: 2 columns'],
  [12, 13, false, false, 'grid-2', '12 of 13 chars: 2 columns'],
  [14, 13, false, false, 'list', '14 of 13 chars: even but over 12: list'],
  [12, 8, false, false, 'grid-3', '12 of 8 chars: divisible by 3 first'],
  [8, 8, false, false, 'grid-2', '8 of 8 chars: not divisible by 3, even: 2 columns'],
  [4, 14, false, false, 'stack', '4 of 14 chars: stack'],
  [7, 14, false, false, 'list', '7 of 14 chars: over 6: list'],
  [5, 10, false, false, 'stack', '5 of 10 chars: odd, not over 6: stack'],
  [7, 10, false, false, 'list', '7 of 10 chars: odd, over 6: list'],
  [18, 13, false, false, 'list', '18 of 13 chars: even but over 12: list'],
  [3, 5, true, true, 'stack', 'multi-select with icons: stack'],
  [20, 30, false, true, 'grid-2', 'multi-select without icons: grid'],
  [1, 5, false, true, 'grid-2', 'multi-select of one without icons: grid'],
];

describe('optionLayout (spec part 1 §5)', () => {
  it.each(TABLE)('%i options of %i chars, icons %s, multi %s → %s (%s)', (count, len, icons, multi, expected) => {
    expect(optionLayout(opts(count, len, icons), multi)).toBe(expected);
  });

  it('measures labels in characters, not UTF-16 units (Devanagari and emoji)', () => {
    const hindi = 'नमस्ते दुनिया'; // 13 code points
    expect(Array.from(hindi)).toHaveLength(13);
    expect(optionLayout([{ body: hindi }, { body: 'ok' }])).toBe('grid-2');
    // 13 emoji are 26 UTF-16 units but 13 characters
    expect(optionLayout([{ body: '😀'.repeat(13) }, { body: 'ok' }])).toBe('grid-2');
    expect(optionLayout([{ body: '😀'.repeat(8) }, { body: 'a' }, { body: 'b' }])).toBe('grid-3');
  });

  it('one option with an icon makes the set "with icons"', () => {
    const set = [...opts(6, 3), { body: 'x', icon: '/i.svg' }];
    expect(optionLayout(set)).toBe('list');
  });
});
