// The background flush's heavy half (RxDB, the engine's outbox and action queue: most of the
// service worker's code) as a script of its own, dist/sw-flush-<hash>.js, built by
// vite.config.ts (outboxFlushScript). The service worker evaluates only its small half on every
// start (each fetch, push or message after the browser stopped it): this one is imported during
// install, so the browser keeps it with the service worker, and evaluated again only when a
// background sync needs it (background-sync.ts loadOutboxFlush). Classic importScripts, not
// import(): a service worker may not import() at all, and may importScripts() after install only
// a script it imported while installing.
import { openDatabase, type AppDatabase } from '../src/db/database';
import { flushOutboxInBackground } from '../src/sync/background-flush';

export interface OutboxFlushModule {
  openDatabase: typeof openDatabase;
  flushOutboxInBackground: typeof flushOutboxInBackground;
  /** Sends and actions still waiting in the database. */
  queuedCount(db: AppDatabase): Promise<number>;
}

const module: OutboxFlushModule = {
  openDatabase,
  flushOutboxInBackground,
  async queuedCount(db) {
    return (await db.outbox.count({ selector: { state: 'queued' } }).exec()) + (await db.actions.count({ selector: { status: 'queued' } }).exec());
  },
};

(self as unknown as { __outboxFlush?: OutboxFlushModule }).__outboxFlush = module;
