import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initialOtpState, isOtpComplete, otpReducer, otpValue, type OtpAction, type OtpState } from '../../../src/domain/otp-input';

const run = (actions: OtpAction[], from: OtpState = initialOtpState()): OtpState => actions.reduce(otpReducer, from);
const typeAll = (code: string): OtpAction[] => code.split('').map((key, index) => ({ type: 'key', index, key }));

describe('OTP boxes', () => {
  it('start empty, focus on the first box', () => {
    const s = initialOtpState();
    expect(s.digits).toEqual(['', '', '', '']);
    expect(s.focus).toBe(0);
    expect(s.submitSeq).toBe(0);
    expect(isOtpComplete(s)).toBe(false);
  });

  it('typing a digit fills the box and moves on', () => {
    const s = run([{ type: 'key', index: 0, key: '7' }]);
    expect(s.digits).toEqual(['7', '', '', '']);
    expect(s.focus).toBe(1);
    const t = run([{ type: 'key', index: 1, key: '3' }], s);
    expect(t.digits).toEqual(['7', '3', '', '']);
    expect(t.focus).toBe(2);
  });

  it('typing into the last box keeps focus there', () => {
    const s = run(typeAll('123'));
    const t = run([{ type: 'key', index: 3, key: '4' }], s);
    expect(t.focus).toBe(3);
  });

  it('non-digits are ignored', () => {
    const s = run([{ type: 'key', index: 0, key: 'a' }, { type: 'key', index: 0, key: '-' }, { type: 'key', index: 0, key: 'Shift' }]);
    expect(s).toEqual(initialOtpState());
    const t = run([{ type: 'input', index: 0, value: 'x' }]);
    expect(t).toEqual(initialOtpState());
  });

  it('backspace on a filled box clears it and stays', () => {
    const s = run([...typeAll('12'), { type: 'focus', index: 1 }, { type: 'key', index: 1, key: 'Backspace' }]);
    expect(s.digits).toEqual(['1', '', '', '']);
    expect(s.focus).toBe(1);
  });

  it('backspace on an empty box moves back and clears the previous box', () => {
    const s = run([...typeAll('12'), { type: 'key', index: 2, key: 'Backspace' }]);
    expect(s.digits).toEqual(['1', '', '', '']);
    expect(s.focus).toBe(1);
    // the user keeps pressing backspace: box 1 is now empty, so box 0 is cleared next
    const t = run([{ type: 'key', index: 1, key: 'Backspace' }], s);
    expect(t.digits).toEqual(['', '', '', '']);
    expect(t.focus).toBe(0);
  });

  it('backspace on the empty first box does nothing', () => {
    expect(run([{ type: 'key', index: 0, key: 'Backspace' }])).toEqual(initialOtpState());
  });

  it('Delete clears the box in place; arrows move focus within bounds', () => {
    const s = run([...typeAll('12'), { type: 'key', index: 0, key: 'Delete' }]);
    expect(s.digits).toEqual(['', '2', '', '']);
    expect(s.focus).toBe(0);
    expect(run([{ type: 'key', index: 0, key: 'ArrowLeft' }]).focus).toBe(0);
    expect(run([{ type: 'key', index: 0, key: 'ArrowRight' }]).focus).toBe(1);
    expect(run([{ type: 'key', index: 3, key: 'ArrowRight' }]).focus).toBe(3);
  });

  it('is complete when all 4 boxes are filled, and signals auto-submit once', () => {
    const s = run(typeAll('1234'));
    expect(isOtpComplete(s)).toBe(true);
    expect(otpValue(s)).toBe('1234');
    expect(s.submitSeq).toBe(1);
    // moving focus does not submit again
    expect(run([{ type: 'focus', index: 0 }], s).submitSeq).toBe(1);
  });

  it('does not submit while incomplete', () => {
    const s = run(typeAll('123'));
    expect(s.submitSeq).toBe(0);
    expect(otpValue(s)).toBe('123');
  });

  it('a corrected digit on a complete code submits again', () => {
    const s = run(typeAll('1234'));
    const t = run([{ type: 'key', index: 3, key: 'Backspace' }, { type: 'key', index: 3, key: '5' }], s);
    expect(otpValue(t)).toBe('1235');
    expect(t.submitSeq).toBe(2);
  });

  it('paste accepts only a 4-digit number', () => {
    const s = run([{ type: 'paste', text: '4821' }]);
    expect(s.digits).toEqual(['4', '8', '2', '1']);
    expect(s.focus).toBe(3);
    expect(s.submitSeq).toBe(1);
    expect(run([{ type: 'paste', text: ' 4821\n' }]).digits).toEqual(['4', '8', '2', '1']);
    for (const bad of ['482', '48211', '48a1', '-482', '4 821', '', '४८२१', '48.1']) {
      expect(run([{ type: 'paste', text: bad }])).toEqual(initialOtpState());
    }
  });

  it('a rejected paste keeps what was typed', () => {
    const s = run(typeAll('12'));
    expect(run([{ type: 'paste', text: 'hello' }], s)).toEqual(s);
  });

  it('input events: the typed digit wins over the one already in the box', () => {
    const s = run(typeAll('1'));
    // box 0 held '1'; the user typed '7' after it, or before it
    expect(run([{ type: 'input', index: 0, value: '17' }], s).digits[0]).toBe('7');
    expect(run([{ type: 'input', index: 0, value: '71' }], s).digits[0]).toBe('7');
    expect(run([{ type: 'input', index: 0, value: '11' }], s).digits[0]).toBe('1');
    expect(run([{ type: 'input', index: 1, value: '5' }], s).digits).toEqual(['1', '5', '', '']);
    expect(run([{ type: 'input', index: 1, value: '5' }], s).focus).toBe(2);
  });

  it('input events: an emptied box is cleared; an autofilled code fills all boxes', () => {
    const s = run(typeAll('12'));
    const t = run([{ type: 'input', index: 1, value: '' }], s);
    expect(t.digits).toEqual(['1', '', '', '']);
    expect(t.focus).toBe(1);
    const u = run([{ type: 'input', index: 0, value: '9876' }]);
    expect(otpValue(u)).toBe('9876');
    expect(u.submitSeq).toBe(1);
  });

  it('reset empties the boxes but keeps the submit counter monotonic', () => {
    const s = run([...typeAll('1234'), { type: 'reset' }]);
    expect(s.digits).toEqual(['', '', '', '']);
    expect(s.focus).toBe(0);
    expect(s.submitSeq).toBe(1);
  });

  it('indexes out of range are clamped', () => {
    const s = run([{ type: 'key', index: 9, key: '3' }, { type: 'key', index: -2, key: '4' }]);
    expect(s.digits).toEqual(['4', '', '', '3']);
  });

  it('property: always 4 boxes of at most one digit, focus in range, submitSeq never decreases', () => {
    const action: fc.Arbitrary<OtpAction> = fc.oneof(
      fc.record({ type: fc.constant('key' as const), index: fc.integer({ min: -1, max: 4 }), key: fc.constantFrom('0', '5', '9', 'a', 'Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'Enter') }),
      fc.record({ type: fc.constant('input' as const), index: fc.integer({ min: 0, max: 3 }), value: fc.string({ maxLength: 5 }) }),
      fc.record({ type: fc.constant('paste' as const), text: fc.oneof(fc.string({ maxLength: 6 }), fc.stringMatching(/^[0-9]{4}$/)) }),
      fc.record({ type: fc.constant('focus' as const), index: fc.integer({ min: -3, max: 7 }) }),
      fc.constant({ type: 'reset' as const }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        let s = initialOtpState();
        for (const a of actions) {
          const next = otpReducer(s, a);
          expect(next.digits).toHaveLength(4);
          for (const d of next.digits) expect(d).toMatch(/^[0-9]?$/);
          expect(next.focus).toBeGreaterThanOrEqual(0);
          expect(next.focus).toBeLessThanOrEqual(3);
          expect(next.submitSeq).toBeGreaterThanOrEqual(s.submitSeq);
          if (next.submitSeq > s.submitSeq) expect(isOtpComplete(next)).toBe(true);
          s = next;
        }
      }),
    );
  });
});
