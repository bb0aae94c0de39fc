// An in-process engine and its database, for a unit test that starts them: closed after each
// test, the engine first (it writes to the database until it stops).
import { afterEach } from 'vitest';
import type { AppDatabase } from '../../../../src/db/database';
import type { Engine } from '../../../../src/sync/engine';

export interface EngineStage { db: AppDatabase | null; engine: Engine | null }

/** Call at the top of a file: the stage's db and engine are closed after each test. */
export function engineStage(): EngineStage {
  const stage: EngineStage = { db: null, engine: null };
  afterEach(async () => {
    await stage.engine?.close();
    stage.engine = null;
    await stage.db?.close();
    stage.db = null;
  });
  return stage;
}
