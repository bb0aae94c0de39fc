import { describe, expect, it } from 'vitest';
import { searchOptions } from '../../../src/domain/option-search';

const options = ['Option 1', 'Option 12', 'Café latte', 'Masala chai', 'चाय', 'Green tea'].map((body, i) => ({ body, button_index: i }));

describe('searching a button message\'s options (/list)', () => {
  it('a blank query keeps every option, in the bot\'s order', () => {
    expect(searchOptions(options, '  ').map((o) => o.button_index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('matches every word typed, in any order, ignoring case and accents', () => {
    expect(searchOptions(options, 'option 1').map((o) => o.body)).toEqual(['Option 1', 'Option 12']);
    expect(searchOptions(options, '12 OPTION').map((o) => o.body)).toEqual(['Option 12']);
    expect(searchOptions(options, 'cafe').map((o) => o.body)).toEqual(['Café latte']);
    expect(searchOptions(options, 'tea green').map((o) => o.body)).toEqual(['Green tea']);
  });

  it('finds labels in Indian scripts as typed, and nothing for a word no label holds', () => {
    expect(searchOptions(options, 'चाय').map((o) => o.button_index)).toEqual([4]);
    expect(searchOptions(options, 'coffee')).toEqual([]);
    // a vowel sign is part of the word: चय (no ा) is not चाय
    expect(searchOptions(options, 'चय')).toEqual([]);
  });
});
