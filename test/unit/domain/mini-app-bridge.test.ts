// The bridge's versioned message schema and origin check (src/domain/mini-app-bridge.ts) and the
// open rule of mini apps and their links (src/domain/mini-apps.ts).
import { describe, expect, it } from 'vitest';
import { fromMiniApp, parseBridgeRequest } from '../../../src/domain/mini-app-bridge';
import { miniAppTarget, nativeLinkTarget, STORAGE_VALUE_MAX_CHARS } from '../../../src/domain/mini-apps';

const ok = (data: unknown) => {
  const parsed = parseBridgeRequest(data);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.request;
};
const error = (data: unknown) => {
  const parsed = parseBridgeRequest(data);
  if (parsed.ok) throw new Error('accepted');
  return parsed;
};

describe('parseBridgeRequest', () => {
  it('accepts every type of version 1', () => {
    expect(ok({ v: 1, id: 'a', type: 'hello' })).toEqual({ v: 1, id: 'a', type: 'hello' });
    expect(ok({ v: 1, id: 'a', type: 'storage.get', key: 'streak' })).toMatchObject({ key: 'streak' });
    expect(ok({ v: 1, id: 'a', type: 'storage.set', key: 'streak', value: '' })).toMatchObject({ key: 'streak', value: '' });
    expect(ok({ v: 1, id: 'a', type: 'permission.request', permission: 'location' })).toMatchObject({ permission: 'location' });
    expect(ok({ v: 1, id: 'a', type: 'permission.request', permission: 'notifications' })).toMatchObject({ permission: 'notifications' });
    expect(ok({ v: 1, id: 'a', type: 'sso.grant' }).type).toBe('sso.grant');
    expect(ok({ v: 1, id: 'a', type: 'activity.set', activity: ' Played ', score: 3 })).toMatchObject({ activity: 'Played', score: 3 });
    expect(ok({ v: 1, id: 'a', type: 'open-link', path: '/rewards' })).toMatchObject({ path: '/rewards' });
    expect(ok({ v: 1, id: 'a', type: 'close' }).type).toBe('close');
  });

  it('refuses other versions, missing ids and unknown types, naming the fault', () => {
    expect(error({ v: 2, id: 'a', type: 'hello' }).error).toMatch(/version 2/);
    expect(error({ v: 1, type: 'hello' })).toEqual({ ok: false, id: undefined, error: expect.stringMatching(/id/) });
    expect(error({ v: 1, id: 'x'.repeat(65), type: 'hello' }).id).toBeUndefined();
    expect(error({ v: 1, id: 'a', type: 'eval' }).error).toMatch(/unknown message type/);
    expect(error('hello').error).toMatch(/object/);
    expect(error(null).error).toMatch(/object/);
    expect(error([1]).error).toMatch(/object/);
  });

  it('needs both key and value for a storage write (spec part 2 §5)', () => {
    expect(error({ v: 1, id: 'a', type: 'storage.set', key: 'k' }).error).toBe('storage.set needs both key and value');
    expect(error({ v: 1, id: 'a', type: 'storage.set', value: 'v' }).error).toBe('storage.set needs both key and value');
    expect(error({ v: 1, id: 'a', type: 'storage.set', key: 'k', value: 3 }).error).toMatch(/value must be text/);
    expect(error({ v: 1, id: 'a', type: 'storage.set', key: 'k', value: 'x'.repeat(STORAGE_VALUE_MAX_CHARS + 1) }).error).toMatch(/at most/);
    expect(error({ v: 1, id: 'a', type: 'storage.set', key: 'a b', value: 'v' }).error).toMatch(/key must be/);
    expect(error({ v: 1, id: 'a', type: 'storage.get', key: '' }).error).toMatch(/key must be/);
  });

  it('refuses extra fields, unknown permissions, bad scores and paths', () => {
    expect(error({ v: 1, id: 'a', type: 'hello', extra: 1 }).error).toMatch(/no fields/);
    expect(error({ v: 1, id: 'a', type: 'storage.get', key: 'k', user_uuid: 'x' }).error).toMatch(/key only/);
    expect(error({ v: 1, id: 'a', type: 'permission.request', permission: 'camera' }).error).toMatch(/location, notifications/);
    expect(error({ v: 1, id: 'a', type: 'activity.set', activity: 'x', score: -1 }).error).toMatch(/score/);
    expect(error({ v: 1, id: 'a', type: 'activity.set', activity: 'x', score: 1.5 }).error).toMatch(/score/);
    expect(error({ v: 1, id: 'a', type: 'activity.set', activity: '  ' }).error).toMatch(/activity/);
    expect(error({ v: 1, id: 'a', type: 'open-link', path: 'https://evil.example/' }).error).toMatch(/path/);
    expect(error({ v: 1, id: 'a', type: 'open-link', path: '/rewards?x=1' }).error).toMatch(/path/);
  });
});

describe('fromMiniApp (the origin check)', () => {
  const frame = {};
  it('takes a message only from the frame itself at the expected origin', () => {
    expect(fromMiniApp({ source: frame, origin: 'null' }, frame, 'null')).toBe(true);
    expect(fromMiniApp({ source: {}, origin: 'null' }, frame, 'null')).toBe(false);
    expect(fromMiniApp({ source: frame, origin: 'https://evil.example' }, frame, 'null')).toBe(false);
    expect(fromMiniApp({ source: null, origin: 'null' }, null, 'null')).toBe(false);
  });
});

describe('the open rule', () => {
  it('opens built-in paths natively, web apps in the view, anything else not supported', () => {
    expect(miniAppTarget({ path: '/rewards' })).toEqual({ kind: 'native', to: '/rewards' });
    expect(miniAppTarget({ path: '/skills-corner' })).toEqual({ kind: 'native', to: '/skills-corner' });
    expect(miniAppTarget({ path: '/memory-match' })).toEqual({ kind: 'native', to: '/memory-match' });
    expect(miniAppTarget({ path: '/apps/daily-quiz/' })).toEqual({ kind: 'web' });
    expect(miniAppTarget({ path: '/x', kind: 'web' })).toEqual({ kind: 'web' });
    expect(miniAppTarget({ path: '/live-quiz' })).toEqual({ kind: 'unsupported' });
  });
  it('maps a bridge link only for rewards, engage, skills-corner and digital-class (spec part 2 §2)', () => {
    for (const p of ['/rewards', '/engage', '/skills-corner', '/digital-class']) expect(nativeLinkTarget(p)).toBe(p);
    expect(nativeLinkTarget('/competition-zone')).toBeUndefined();
    expect(nativeLinkTarget('/settings')).toBeUndefined();
  });
});
