// clearSignedInData (src/db/session-data.ts): what a sign-out keeps of the session and what it drops.
import { afterEach, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { newSession } from '../../../src/db/defaults';
import { getLocalDoc, setLocalDoc } from '../../../src/db/local-store';
import { clearSignedInData } from '../../../src/db/session-data';
import { openTestDatabase } from './helpers/fake-db';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

it('drops the tokens, the embedding page’s token included, and keeps the device id (and the bot when asked)', async () => {
  db = await openTestDatabase();
  await setLocalDoc(db, 'session', {
    ...newSession('device-1'), token: 't'.repeat(32), isStandalone: true, isStandaloneWithAuth: true,
    extensionToken: 'e'.repeat(32), selectedBot: { bot_uuid: '1000000000000001', name: 'Echo' },
  });
  await clearSignedInData(db, { keepSelectedBot: true });
  expect(await getLocalDoc(db, 'session')).toMatchObject({ token: null, extensionToken: null, deviceId: 'device-1', selectedBot: { bot_uuid: '1000000000000001' } });
  await clearSignedInData(db);
  expect((await getLocalDoc(db, 'session'))?.selectedBot).toBeNull();
});
