// The sync worker (DESIGN.md §2): opens the app database under the page's name and runs the
// engine's flows for the page. Spawned by sync-client.ts; everything testable is in worker-api.ts.
import { expose } from 'comlink';
import { openDatabase } from '../db/database';
import { createSyncWorkerApi } from './worker-api';

expose(createSyncWorkerApi({ fetch: (input, init) => fetch(input, init), openDatabase }));
