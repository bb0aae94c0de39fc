import { describe, expect, it } from 'vitest';
import { multiSelectAnswers, multiSelectReply, toggleIndex, type MultiSelectThreadFacts } from '../../../src/domain/multi-select';

describe('multi-select answer', () => {
  it('toggles indices on and off', () => {
    expect(toggleIndex([], 2)).toEqual([2]);
    expect(toggleIndex([2, 0], 2)).toEqual([0]);
    expect(toggleIndex([0], 1)).toEqual([0, 1]);
  });

  it('sends the chosen indices in option order', () => {
    expect(multiSelectReply([0, 1, 2, 3], [3, 1], { allowed: false, text: '' })).toEqual({ button_indices: [1, 3] });
  });

  it('sends the custom response only when allowed and non-blank, trimmed', () => {
    expect(multiSelectReply([0, 1], [0], { allowed: true, text: '   ' })).toEqual({ button_indices: [0] });
    expect(multiSelectReply([0, 1], [0], { allowed: true, text: '  more tea ' })).toEqual({ button_indices: [0], custom_response: 'more tea' });
    expect(multiSelectReply([0, 1], [0], { allowed: false, text: 'ignored' })).toEqual({ button_indices: [0] });
  });

  it('nothing chosen is nothing to send (the server needs one option), even with a text', () => {
    expect(multiSelectReply([0, 1], [], { allowed: true, text: ' ' })).toBeNull();
    expect(multiSelectReply([0, 1], [], { allowed: true, text: 'only text' })).toBeNull();
    expect(multiSelectReply([0, 1], [], { allowed: false, text: 'x' })).toBeNull();
  });
});

describe('which multi-selects are open (issue 11)', () => {
  const picker = (id: string): MultiSelectThreadFacts => ({ from: 'bot', type: 'multi_select_button', message_id: id });
  const reply = (indices: number[], replyTo?: string): MultiSelectThreadFacts => ({ from: 'user', type: 'multi_select_button_response', button_indices: indices, ...(replyTo ? { reply_to: replyTo } : {}) });
  const text = (from: 'user' | 'bot'): MultiSelectThreadFacts => ({ from, type: 'text' });

  it('two in a row, none answered: both open (a later message does not close one)', () => {
    expect(multiSelectAnswers([picker('a'), picker('b')]).size).toBe(0);
    expect(multiSelectAnswers([picker('a'), text('bot'), text('user'), text('bot')]).size).toBe(0);
  });

  it('a reply answers the picker it names, even the older one', () => {
    const answers = multiSelectAnswers([picker('a'), picker('b'), reply([0, 2], 'a')]);
    expect([...answers.keys()]).toEqual([0]);
    expect(answers.get(0)).toEqual({ responseIndex: 2, button_indices: [0, 2], custom_response: undefined });
    const both = multiSelectAnswers([picker('a'), picker('b'), reply([0], 'a'), text('bot'), reply([1], 'b')]);
    expect(both.get(1)?.button_indices).toEqual([1]);
    expect(both.get(0)?.button_indices).toEqual([0]);
  });

  it('a reply naming a picker outside the window answers none here', () => {
    expect(multiSelectAnswers([picker('b'), reply([0], 'a')]).size).toBe(0);
  });

  it('a reply naming no picker answers the nearest unanswered one above it', () => {
    const answers = multiSelectAnswers([picker('a'), picker('b'), reply([1]), reply([0])]);
    expect(answers.get(1)?.responseIndex).toBe(2);
    expect(answers.get(0)?.responseIndex).toBe(3);
    expect(multiSelectAnswers([reply([1]), picker('a')]).size).toBe(0);
  });

  it('a second reply to an answered picker does not move the answer', () => {
    const answers = multiSelectAnswers([picker('a'), reply([0], 'a'), reply([1], 'a')]);
    expect(answers.get(0)?.responseIndex).toBe(1);
  });

  it('the reply keeps the typed answer', () => {
    expect(multiSelectAnswers([picker('a'), { ...reply([0], 'a'), custom_response: 'extra' }]).get(0)?.custom_response).toBe('extra');
  });
});
