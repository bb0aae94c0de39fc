// The sync worker (DESIGN.md §2): opens the app database under the page's name and runs the
// engine's flows for the page. Spawned by sync-client.ts; everything testable is in worker-api.ts.
// What only a worker has is wired here: the global WebSocket, Web Locks for the leader election
// and the worker's own online/offline events.
import { expose } from 'comlink';
import { openDatabase } from '../db/database';
import type { Connectivity } from '../sync/chat-sync';
import type { LockManagerLike } from '../sync/leader';
import type { WebSocketLike } from '../sync/live-connection';
import { createSyncWorkerApi } from './worker-api';
import { prepareImageOffscreen } from './prepare-image';

const connectivity: Connectivity = {
  isOnline: () => self.navigator.onLine,
  subscribe(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    self.addEventListener('online', online);
    self.addEventListener('offline', offline);
    return () => {
      self.removeEventListener('online', online);
      self.removeEventListener('offline', offline);
    };
  },
};

// navigator.locks exists in every browser this app supports; its callback type is wider than ours
const locks = (self.navigator as Navigator & { locks?: LockManagerLike }).locks;

expose(createSyncWorkerApi({
  fetch: (input, init) => fetch(input, init),
  openDatabase,
  engine: {
    // the DOM's event types are wider than WebSocketLike's; the fields used are the same
    createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    ...(locks ? { locks } : {}),
    connectivity,
    buildVersionCode: __APP_VERSION_CODE__,
    prepareImage: prepareImageOffscreen,
  },
}));
