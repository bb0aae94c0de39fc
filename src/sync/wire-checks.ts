// Checks on what the server sends before any of it is stored (DESIGN.md §4: bad input never loses
// data). The app's bundles carry no schema library, so these are hand-written and small: they
// check what the engine relies on (ids, sk, time, sender, type), not every optional field.
// A message or frame that fails is reported as a WireError and skipped; the rest goes on.
import type { ChatMessage, SocketFrameOut } from '../api/messages';

export class WireError extends Error {
  constructor(
    readonly source: 'page' | 'socket' | 'webhook',
    message: string,
    readonly sample: string,
  ) {
    super(message);
    this.name = 'WireError';
  }
}

export type ReportError = (error: WireError) => void;

const SK = /^\d{15}_\d{9}_[0-9A-Za-z-]{1,64}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function sampleOf(value: unknown): string {
  try {
    return JSON.stringify(value).slice(0, 200);
  } catch {
    return String(value).slice(0, 200);
  }
}

/** Why `value` is not a storable message of `botUuid`, or null when it is one. */
export function messageProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'message is not an object';
  if (typeof value.message_id !== 'string' || value.message_id.length === 0 || value.message_id.length > 64) return 'message_id missing';
  if (typeof value.sk !== 'string' || !SK.test(value.sk)) return 'sk is not a sort key';
  if (typeof value.timestamp !== 'number' || !Number.isFinite(value.timestamp) || value.timestamp < 0) return 'timestamp is not a time';
  if (value.from !== 'user' && value.from !== 'bot') return 'from is neither user nor bot';
  if (typeof value.type !== 'string' || value.type.length === 0) return 'type missing';
  if (value.client_message_id !== null && value.client_message_id !== undefined && typeof value.client_message_id !== 'string') return 'client_message_id is not a string';
  if (value.from === 'user' && typeof value.client_message_id !== 'string') return 'a user message without client_message_id';
  return null;
}

/** Normalises a checked message (client_message_id always present, null on bot messages). */
function asMessage(value: Record<string, unknown>): ChatMessage {
  return { ...(value as unknown as ChatMessage), client_message_id: typeof value.client_message_id === 'string' ? value.client_message_id : null };
}

/** The storable messages of a list; each bad one is reported and skipped. */
export function parseMessages(list: unknown, source: WireError['source'], report: ReportError): ChatMessage[] {
  if (!Array.isArray(list)) {
    report(new WireError(source, 'messages is not a list', sampleOf(list)));
    return [];
  }
  const out: ChatMessage[] = [];
  for (const item of list) {
    const problem = messageProblem(item);
    if (problem) report(new WireError(source, problem, sampleOf(item)));
    else out.push(asMessage(item as Record<string, unknown>));
  }
  return out;
}


/** A socket frame, or a WireError for one that is not JSON or not a frame this app knows. */
export function parseSocketFrame(data: unknown): SocketFrameOut | WireError {
  if (typeof data !== 'string') return new WireError('socket', 'frame is not text', sampleOf(data));
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return new WireError('socket', 'frame is not JSON', data.slice(0, 200));
  }
  if (!isRecord(raw) || typeof raw.action !== 'string') return new WireError('socket', 'frame has no action', sampleOf(raw));
  const body = raw.body;
  switch (raw.action) {
    case 'message-received': {
      if (!isRecord(body) || typeof body.bot_uuid !== 'string') return new WireError('socket', 'message-received without bot_uuid', sampleOf(raw));
      const problem = messageProblem(body.message);
      if (problem) return new WireError('socket', problem, sampleOf(raw));
      return { action: 'message-received', body: { bot_uuid: body.bot_uuid, message: asMessage(body.message as Record<string, unknown>) } };
    }
    case 'cart-updated':
      if (!isRecord(body) || typeof body.bot_uuid !== 'string') return new WireError('socket', 'cart-updated without bot_uuid', sampleOf(raw));
      return { action: 'cart-updated', body: { bot_uuid: body.bot_uuid } };
    case 'pong':
      return { action: 'pong', body: {} };
    case 'error': {
      if (!isRecord(body) || typeof body.statusCode !== 'number' || typeof body.message !== 'string') return new WireError('socket', 'error frame without statusCode and message', sampleOf(raw));
      return {
        action: 'error',
        body: { statusCode: body.statusCode, message: body.message, ...(typeof body.client_message_id === 'string' ? { client_message_id: body.client_message_id } : {}) },
      };
    }
    default:
      return new WireError('socket', `unknown action ${raw.action.slice(0, 40)}`, sampleOf(raw));
  }
}
