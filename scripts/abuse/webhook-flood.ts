// One user's 8 HTTP clients post webhook batches of 20 messages back to back for a while (issue
// 21: an 8-client webhook flood pushed everyone's latency to 0.7–1.8 s).
import { routes } from '../../src/api/contract';
import { ECHO_BOT_ID } from '../../server/bots/registry';
import type { AbuseScenario } from './types';

const CLIENTS = 8;
const BATCH = 20;
const FOR_MS = 10_000;

export const webhookFlood: AbuseScenario = {
  name: `webhook-flood-${CLIENTS}`,
  async run(target) {
    const flooder = await target.signIn();
    const statuses = new Map<number, number>();
    let n = 0;
    const until = performance.now() + FOR_MS;
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const messages = Array.from({ length: BATCH }, () => {
          const id = `webhook-${n++}`;
          return { type: 'text', text: { body: id }, client_message_id: id };
        });
        const { status } = await target.call(routes.messageWebhookPwa.path, { botId: ECHO_BOT_ID, messages }, flooder);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }));
    return `${CLIENTS} clients × ${FOR_MS / 1000} s: ${[...statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${c}× ${s}`).join(', ')}`;
  },
};
