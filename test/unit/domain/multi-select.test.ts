import { describe, expect, it } from 'vitest';
import { multiSelectReply, toggleIndex } from '../../../src/domain/multi-select';

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
