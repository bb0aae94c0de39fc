// Signed-in engine clients of a test server, each closed after the test that made it. Call at
// the top of a file (or of a describe block): it registers the afterEach there.
import { afterEach } from 'vitest';
import { startChatClient, type ChatClient, type ChatClientOptions } from './chat-client';
import type { TestServer } from './server';

type ClientOptions = Partial<Omit<ChatClientOptions, 'origin'>>;

/**
 * A maker of clients signed in with a fresh mobile (or the one given) on the server that
 * `server()` answers (a function, since the server starts in a beforeAll). `defaults` apply to
 * every client, e.g. `{ noSocket: true }` for the webhook alone.
 */
export function signedInClients(server: () => TestServer, defaults: ClientOptions = {}): (opts?: ClientOptions & { mobile?: string }) => Promise<ChatClient> {
  const clients: ChatClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  return async ({ mobile, ...opts } = {}) => {
    const t = server();
    const c = await startChatClient({ origin: t.url, ...defaults, ...opts });
    clients.push(c);
    await c.signIn(mobile ?? t.freshMobile(), (m) => t.lastCode(m));
    return c;
  };
}
