// One user writes N send-message frames on one socket as fast as it can (issue 21: 5,000 frames
// once left /version.json unanswered for over 10 s; 20,000 made every request take 6–7.6 s).
import { ECHO_BOT_ID } from '../../server/bots/registry';
import { floodSocket } from '../../test/support/flood-clients';
import type { AbuseScenario } from './types';

export function socketFlood(frames: number): AbuseScenario {
  return {
    name: `socket-flood-${frames}`,
    async run(target) {
      const flooder = await target.signIn();
      const r = await floodSocket({ socketUrl: target.socketUrl, headers: flooder.headers, frames, botUuid: ECHO_BOT_ID });
      return `${r.sent} frames: ${r.stored} stored, ${r.refused} refused (429)${r.closeCode ? `, socket closed ${r.closeCode}` : ''}, ${r.durationMs} ms`;
    },
  };
}
