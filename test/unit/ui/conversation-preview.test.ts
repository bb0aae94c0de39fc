import { describe, expect, it } from 'vitest';
import { previewOf, visibleConversations, type ListedConversation } from '../../../src/screens/home/conversation-preview';
import { initialsOf } from '../../../src/ui/avatar';

const conv = (name: string, extra: Partial<ListedConversation> = {}) => ({ name, archive_time: null, block_time: null, pinned: false, last_activity: 0, ...extra });

describe('visibleConversations', () => {
  it('leaves out archived and blocked conversations and puts pinned ones first, keeping the order within each', () => {
    const list = [conv('a'), conv('b', { pinned: true }), conv('c', { archive_time: 5 }), conv('d', { block_time: 5 }), conv('e'), conv('f', { pinned: true })];
    expect(visibleConversations(list).map((c) => c.name)).toEqual(['b', 'f', 'a', 'e']);
  });
});

describe('previewOf', () => {
  it('shows the text of a text or button message, on one line', () => {
    expect(previewOf({ type: 'text', from: 'bot', text: { body: 'Hello\n  there' } })).toEqual({ kind: 'text', text: 'Hello there', fromUser: false });
    expect(previewOf({ type: 'button', from: 'bot', text: { body: 'Pick one' } })).toEqual({ kind: 'text', text: 'Pick one', fromUser: false });
  });
  it('names the type of a message without text', () => {
    expect(previewOf({ type: 'image', from: 'user' })).toEqual({ kind: 'word', word: 'image', fromUser: true });
    expect(previewOf({ type: 'youtube', from: 'bot' })).toEqual({ kind: 'word', word: 'video', fromUser: false });
    expect(previewOf({ type: 'text', from: 'bot', text: { body: '   ' } })).toEqual({ kind: 'word', word: 'other', fromUser: false });
    expect(previewOf({ type: 'scorecard', from: 'bot' })).toEqual({ kind: 'word', word: 'other', fromUser: false });
  });
  it('gives nothing without a last message', () => {
    expect(previewOf(null)).toEqual({ kind: 'none' });
  });
});

describe('initialsOf', () => {
  it('takes the first letter of the first two words, in any script', () => {
    expect(initialsOf('Saathi Shop')).toBe('SS');
    expect(initialsOf('echo')).toBe('E');
    expect(initialsOf('  राधा  कुमारी ')).toBe('रक');
    expect(initialsOf('')).toBe('?');
  });
});
