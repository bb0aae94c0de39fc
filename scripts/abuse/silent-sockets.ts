// One user opens 20 sockets that never read, then sends messages (the largest texts the contract
// allows) so the server pushes every echo to all of them (issue 21: 20 such sockets took the
// server from 484 MB to 1,337 MB). The user's oldest sockets past the cap are closed, and a
// socket whose unsent frames pass the buffer bound is dropped.
import WebSocket from 'ws';
import { routes } from '../../src/api/contract';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { openSilentSockets } from '../../test/support/flood-clients';
import type { AbuseScenario } from './types';

const SOCKETS = 20;
const FOR_MS = 10_000;
// with the message's id in front, within the contract's 4,096 characters
const BIG_TEXT = 'x'.repeat(4000);

export const silentSockets: AbuseScenario = {
  name: `silent-sockets-${SOCKETS}`,
  async run(target) {
    const user = await target.signIn();
    const sockets = await openSilentSockets(target.socketUrl, user.headers, SOCKETS);
    const statuses = new Map<number, number>();
    let n = 0;
    const until = performance.now() + FOR_MS;
    while (performance.now() < until) {
      // 10 texts of 4 KiB: the largest batch under the 64 KiB body limit
      const messages = Array.from({ length: 10 }, () => {
        const id = `silent-${n++}`;
        return { type: 'text', text: { body: `${id} ${BIG_TEXT}` }, client_message_id: id };
      });
      const { status } = await target.call(routes.messageWebhookPwa.path, { botId: ECHO_BOT_ID, messages }, user);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 429) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // a client learns its socket was closed only by reading: read again, then count the open ones
    for (const s of sockets) (s as unknown as { _socket: { resume(): void } })._socket.resume();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    for (const s of sockets) s.terminate();
    return `${SOCKETS} sockets not reading, webhook ${[...statuses].map(([s, c]) => `${c}× ${s}`).join(', ')}; ${open} still open (the rest closed by the server)`;
  },
};
