// The postMessage bridge between the app and a mini app in its sandboxed iframe: a versioned
// message schema, validated by hand (no schema library: this runs in the mini-app view's chunk).
// Pure and shared: the view uses it, the integration tests check it, and the demo apps' bridge
// client (server/mini-apps/demo/bridge.js) speaks the same shape.
//
// A request from the mini app:  { v: 1, id: '<its id>', type: '<type>', ...fields }
// The app's reply:              { v: 1, id: '<same id>', ok: true, result } | { v: 1, id, ok: false, error }
import { MINI_APP_PERMISSIONS, STORAGE_KEY_PATTERN, STORAGE_VALUE_MAX_CHARS, ACTIVITY_MAX_CHARS, type MiniAppPermission } from './mini-apps';

export const BRIDGE_VERSION = 1;

export type BridgeRequest =
  | { v: 1; id: string; type: 'hello' }
  | { v: 1; id: string; type: 'storage.get'; key: string }
  | { v: 1; id: string; type: 'storage.set'; key: string; value: string }
  | { v: 1; id: string; type: 'permission.request'; permission: MiniAppPermission }
  | { v: 1; id: string; type: 'sso.grant' }
  | { v: 1; id: string; type: 'activity.set'; activity: string; score?: number }
  | { v: 1; id: string; type: 'open-link'; path: string }
  | { v: 1; id: string; type: 'close' };

export type BridgeReply = { v: 1; id: string; ok: true; result: unknown } | { v: 1; id: string; ok: false; error: string };

export type Parsed = { ok: true; request: BridgeRequest } | { ok: false; id: string | undefined; error: string };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Validates a message from a mini app; the error names what is wrong (sent back as the reply). */
export function parseBridgeRequest(data: unknown): Parsed {
  if (!isRecord(data)) return { ok: false, id: undefined, error: 'message must be an object' };
  const id = typeof data.id === 'string' && data.id.length > 0 && data.id.length <= 64 ? data.id : undefined;
  if (!id) return { ok: false, id: undefined, error: 'id must be a string of 1 to 64 characters' };
  const fail = (error: string): Parsed => ({ ok: false, id, error });
  if (data.v !== BRIDGE_VERSION) return fail(`unsupported bridge version ${String(data.v)}; this app speaks ${BRIDGE_VERSION}`);
  const allowed = (fields: string[]) => Object.keys(data).every((k) => k === 'v' || k === 'id' || k === 'type' || fields.includes(k));
  switch (data.type) {
    case 'hello':
    case 'close':
    case 'sso.grant':
      if (!allowed([])) return fail(`${data.type} takes no fields`);
      return { ok: true, request: { v: 1, id, type: data.type } };
    case 'storage.get':
      if (!allowed(['key'])) return fail('storage.get takes key only');
      if (typeof data.key !== 'string' || !STORAGE_KEY_PATTERN.test(data.key)) return fail('key must be 1 to 64 letters, digits, _ . or -');
      return { ok: true, request: { v: 1, id, type: 'storage.get', key: data.key } };
    case 'storage.set':
      // spec part 2 §5: mini-app storage writes need both key and value
      if (!allowed(['key', 'value'])) return fail('storage.set takes key and value only');
      if (data.key === undefined || data.value === undefined) return fail('storage.set needs both key and value');
      if (typeof data.key !== 'string' || !STORAGE_KEY_PATTERN.test(data.key)) return fail('key must be 1 to 64 letters, digits, _ . or -');
      if (typeof data.value !== 'string' || data.value.length > STORAGE_VALUE_MAX_CHARS) return fail(`value must be text of at most ${STORAGE_VALUE_MAX_CHARS} characters`);
      return { ok: true, request: { v: 1, id, type: 'storage.set', key: data.key, value: data.value } };
    case 'permission.request':
      if (!allowed(['permission'])) return fail('permission.request takes permission only');
      if (!MINI_APP_PERMISSIONS.includes(data.permission as MiniAppPermission)) return fail(`permission must be one of ${MINI_APP_PERMISSIONS.join(', ')}`);
      return { ok: true, request: { v: 1, id, type: 'permission.request', permission: data.permission as MiniAppPermission } };
    case 'activity.set': {
      if (!allowed(['activity', 'score'])) return fail('activity.set takes activity and score only');
      if (typeof data.activity !== 'string' || data.activity.trim().length === 0 || data.activity.length > ACTIVITY_MAX_CHARS) return fail(`activity must be text of 1 to ${ACTIVITY_MAX_CHARS} characters`);
      if (data.score !== undefined && !(typeof data.score === 'number' && Number.isInteger(data.score) && data.score >= 0 && data.score <= 1_000_000)) return fail('score must be a whole number from 0 to 1000000');
      const request: BridgeRequest = { v: 1, id, type: 'activity.set', activity: data.activity.trim() };
      if (typeof data.score === 'number') request.score = data.score;
      return { ok: true, request };
    }
    case 'open-link':
      if (!allowed(['path'])) return fail('open-link takes path only');
      if (typeof data.path !== 'string' || !/^\/[a-z0-9-]{1,40}$/.test(data.path)) return fail('path must be an app path such as /rewards');
      return { ok: true, request: { v: 1, id, type: 'open-link', path: data.path } };
    default:
      return fail(`unknown message type ${JSON.stringify(data.type)}`);
  }
}

/**
 * The origin check of the app's side: a message counts only when it comes from the mini app's own
 * frame (source) and from the origin that frame was loaded at. A sandboxed frame without
 * allow-same-origin has an opaque origin, which postMessage reports as the string 'null'.
 */
export function fromMiniApp(event: { source: unknown; origin: string }, frame: unknown, expectedOrigin: string): boolean {
  return frame !== null && frame !== undefined && event.source === frame && event.origin === expectedOrigin;
}

export const replyOk = (id: string, result: unknown): BridgeReply => ({ v: 1, id, ok: true, result });
export const replyError = (id: string, error: string): BridgeReply => ({ v: 1, id, ok: false, error });
