import { describe, expect, it } from 'vitest';
import {
  EMPTY_NOTIFICATION_TEXT, isMuted, mutedTill, notificationBody, notificationTag, notificationTextOf, parsePushPayload, shouldNotify,
} from '../../../src/domain/notification-rules';

const NOW = 1_700_000_000_000;
const conv = (over: Partial<{ bot_uuid: string; mute_time: number | null; mute_duration: number | null }> = {}) => ({
  bot_uuid: '1000000000000001', mute_time: null, mute_duration: null, ...over,
});

describe('notificationBody (spec part 1 §5, §9)', () => {
  it('keeps a text of up to 200 characters as it is', () => {
    expect(notificationBody('hello')).toBe('hello');
    const exactly = 'a'.repeat(200);
    expect(notificationBody(exactly)).toBe(exactly);
  });
  it('cuts a longer text at 200 characters and adds ...', () => {
    const long = 'b'.repeat(201);
    expect(notificationBody(long)).toBe(`${'b'.repeat(200)}...`);
    expect(notificationBody(long)).toHaveLength(203);
  });
  it('counts code points, never splitting an emoji or a surrogate pair', () => {
    const text = '😀'.repeat(250);
    const body = notificationBody(text);
    expect(Array.from(body.slice(0, -3))).toHaveLength(200);
    expect(body.endsWith('😀...')).toBe(true);
  });
  it("turns an empty or blank text into 'sent you a message!' (or the caller's translation)", () => {
    expect(notificationBody('')).toBe('sent you a message!');
    expect(notificationBody('   ')).toBe(EMPTY_NOTIFICATION_TEXT);
    expect(notificationBody(null)).toBe(EMPTY_NOTIFICATION_TEXT);
    expect(notificationBody(undefined, 'ने आपको संदेश भेजा!')).toBe('ने आपको संदेश भेजा!');
  });
});

describe('mutedTill and isMuted (spec part 1 §4: mutedTill = mute_time + duration; -1 forever)', () => {
  it('is not muted without a mute', () => {
    expect(mutedTill(conv())).toBeNull();
    expect(isMuted(conv(), NOW)).toBe(false);
    expect(isMuted(conv({ mute_time: NOW }), NOW)).toBe(false);
  });
  it('is muted until mute_time + duration, not after', () => {
    const c = conv({ mute_time: NOW - 1000, mute_duration: 5000 });
    expect(mutedTill(c)).toBe(NOW + 4000);
    expect(isMuted(c, NOW)).toBe(true);
    expect(isMuted(c, NOW + 3999)).toBe(true);
    expect(isMuted(c, NOW + 4000)).toBe(false);
    expect(isMuted(c, NOW + 10_000)).toBe(false);
  });
  it('-1 mutes forever', () => {
    const c = conv({ mute_time: NOW - 1, mute_duration: -1 });
    expect(mutedTill(c)).toBe(Number.POSITIVE_INFINITY);
    expect(isMuted(c, NOW + 10 * 365 * 86_400_000)).toBe(true);
    expect(isMuted(conv({ mute_duration: -1 }), NOW)).toBe(true);
  });
});

describe('shouldNotify (spec part 1 §4: skipped when muted or excluded)', () => {
  it('notifies for another bot that is neither muted nor excluded', () => {
    expect(shouldNotify(conv(), null, NOW)).toBe(true);
    expect(shouldNotify(conv(), '1000000000000002', NOW, ['1000000000000003'])).toBe(true);
  });
  it('never for the conversation on screen', () => {
    expect(shouldNotify(conv(), '1000000000000001', NOW)).toBe(false);
  });
  it('never for a muted conversation, again once the mute ended', () => {
    expect(shouldNotify(conv({ mute_time: NOW, mute_duration: 60_000 }), null, NOW + 1)).toBe(false);
    expect(shouldNotify(conv({ mute_time: NOW, mute_duration: 60_000 }), null, NOW + 60_000)).toBe(true);
    expect(shouldNotify(conv({ mute_time: NOW, mute_duration: -1 }), null, NOW + 1e12)).toBe(false);
  });
  it('never for an excluded conversation', () => {
    expect(shouldNotify(conv(), null, NOW, ['1000000000000001'])).toBe(false);
    expect(shouldNotify(conv(), null, NOW, new Set(['1000000000000001']))).toBe(false);
  });
});

describe('payload helpers', () => {
  it('reads a push payload and applies the body rules to it', () => {
    expect(parsePushPayload({ bot_uuid: 'b', name: 'Bot', icon: '/i.png', body: '' })).toEqual({ bot_uuid: 'b', name: 'Bot', icon: '/i.png', body: EMPTY_NOTIFICATION_TEXT });
    expect(parsePushPayload({ bot_uuid: 'b', body: 'x'.repeat(300) })?.body).toHaveLength(203);
    expect(parsePushPayload(null)).toBeNull();
    expect(parsePushPayload({ name: 'no id' })).toBeNull();
    expect(parsePushPayload('text')).toBeNull();
  });
  it('takes the text body of a message and tags per bot', () => {
    expect(notificationTextOf({ text: { body: 'hi' } })).toBe('hi');
    expect(notificationTextOf({})).toBe('');
    expect(notificationTextOf(null)).toBe('');
    expect(notificationTag('42')).toBe('bot-42');
    expect(notificationTag('42')).not.toBe(notificationTag('43'));
  });
});
