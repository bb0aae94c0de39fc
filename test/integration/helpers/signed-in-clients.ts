// The engine clients of one test file, signed in against its test server with a fresh number
// each and closed after every test (the set-up the engine's integration tests share).
import { afterEach } from 'vitest';
import { startChatClient, type ChatClient, type ChatClientOptions } from './chat-client';
import type { TestServer } from './server';

export interface SignedInClients {
  /** A new client (no live socket unless asked), signed in. */
  signedIn(opts?: Partial<ChatClientOptions>): Promise<ChatClient>;
  /** Stops closing `c` after the test (the test closed it itself). */
  forget(c: ChatClient): void;
}

/** `server` is read when a client opens (the file's beforeAll starts it). */
export function signedInClients(server: () => TestServer): SignedInClients {
  const open: ChatClient[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });
  return {
    async signedIn(opts = {}) {
      const t = server();
      const c = await startChatClient({ origin: t.url, noSocket: true, ...opts });
      open.push(c);
      await c.signIn(t.freshMobile(), (m) => t.lastCode(m));
      return c;
    },
    forget(c) {
      const at = open.indexOf(c);
      if (at >= 0) open.splice(at, 1);
    },
  };
}
