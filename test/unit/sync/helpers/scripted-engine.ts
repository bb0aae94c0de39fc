// An in-process engine against a scripted server and a scripted socket, on the real clock, with
// the delays it asks its clock for recorded (the frames after a send: echo-gather, conversed-mark).
import { expect, vi } from 'vitest';
import type { ChatMessage } from '../../../../src/api/messages';
import { newSession } from '../../../../src/db/defaults';
import { setLocalDoc } from '../../../../src/db/local-store';
import { messageSortKey } from '../../../../src/domain/sort-keys';
import { createInProcessEngine } from '../../../../src/sync/engine';
import { systemClock } from '../../../../src/sync/http-client';
import type { WebSocketLike } from '../../../../src/sync/live-connection';
import { openTestDatabase } from '../../db/helpers/fake-db';
import type { EngineStage } from './engine-stage';
import { fakeApi, json } from './fake-api';

export const BOT = '1000000000000001';
export const MOBILE = '9000000001';

let number = 0;
export function serverMessage(from: 'user' | 'bot', body: string, clientMessageId: string | null): ChatMessage {
  number += 1;
  const id = `00000000-0000-4000-8000-${String(number).padStart(12, '0')}`;
  const time = Date.now();
  return { message_id: id, sk: messageSortKey(time, number, id), timestamp: time, number, from, type: 'text', text: { body }, client_message_id: clientMessageId } as ChatMessage;
}

/** A socket that opens at once; `frames(sent)` answers each frame the app sends: [delay ms, frame] pairs. */
export function scriptedSocket(frames: (sent: { action: string; body: { message?: { client_message_id?: string; text?: { body: string } } } }) => Array<[number, unknown]>) {
  const sockets: WebSocketLike[] = [];
  const create = (): WebSocketLike => {
    const socket: WebSocketLike = {
      readyState: 0, onopen: null, onclose: null, onmessage: null, onerror: null,
      send: (data: string) => {
        for (const [ms, frame] of frames(JSON.parse(data))) setTimeout(() => socket.onmessage?.({ data: JSON.stringify(frame) }), ms);
      },
      close: () => {},
    };
    setTimeout(() => {
      (socket as { readyState: number }).readyState = 1;
      socket.onopen?.({});
    }, 0);
    sockets.push(socket);
    return socket;
  };
  return { create, sockets };
}

/** Starts the engine on a fresh database (closed by the stage after the test), once its socket is open. */
export async function startScripted(stage: EngineStage, socket: ReturnType<typeof scriptedSocket>) {
  const db = await openTestDatabase();
  stage.db = db;
  await setLocalDoc(db, 'session', { ...newSession('device-1'), mobile: MOBILE, token: 't'.repeat(32), clientSessionId: 'client-session' });
  await db.bots.insert({ bot_uuid: BOT, name: 'Echo', description: '', icon: '', subscribed: true, allow_user_media: null, suggested_rank: 0, fetched_at: 1 });
  const api = fakeApi({ '/api/bot/get-socket-url': () => json(200, { socket_url: 'ws://api.test/api/socket?ticket=' + 'c'.repeat(32), expires_at: Date.now() + 60_000 }) });
  const inserts = vi.spyOn(db.messages, 'bulkInsert');
  const delays: number[] = [];
  stage.engine = createInProcessEngine(db, {
    clock: { ...systemClock, setTimeout: (fn, ms) => (delays.push(ms), systemClock.setTimeout(fn, ms)) },
    origin: 'http://api.test',
    versionName: 't',
    fetch: api.fetch,
    connectivity: { isOnline: () => true, subscribe: () => () => {} },
    createSocket: socket.create,
  });
  await vi.waitFor(() => expect(socket.sockets[0]?.readyState).toBe(1), { timeout: 5_000 });
  return { db, inserts, delays };
}

export const received = (message: ChatMessage) => ({ action: 'message-received', body: { bot_uuid: BOT, message } });
