// modifyConversation names a conversation it creates from what this device already knows of the
// bot (the bots collection, else the profile read for its screen): a mute or block from the
// profile before the thread's first load must not leave a nameless row with a "?" avatar in the
// chat list. An existing conversation's name is left to the server's list and the thread's start.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import type { ConversationDoc } from '../../../src/db/schemas';
import { modifyConversation } from '../../../src/db/modify-conversation';
import { setLocalDoc } from '../../../src/db/local-store';
import { EMPTY_BOT_PROFILES, emptyProfile } from '../../../src/db/bot-profile-data';
import { applyFlagAction } from '../../../src/domain/bot-rules';
import { freshDbName, openTestDatabase } from './helpers/fake-db';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

const BOT = 'b-1';
const mute = (c: ConversationDoc) => applyFlagAction(c, { kind: 'mute', mute_duration: -1 }, 1_000);

async function withProfile(d: AppDatabase, name: string, icon: string): Promise<void> {
  await setLocalDoc(d, 'bot-profiles', { ...EMPTY_BOT_PROFILES, bots: { [BOT]: { ...emptyProfile(), details: { name, icon, description: '' } } } });
}

describe('modifyConversation on a conversation it creates', () => {
  it('takes the name and icon of the bots collection', async () => {
    db = await openTestDatabase(freshDbName('modify-conv'));
    await db.bots.insert({ bot_uuid: BOT, name: 'Echo', description: '', icon: '/icons/echo.svg', subscribed: false, allow_user_media: null, suggested_rank: 0, fetched_at: 1 });
    await withProfile(db, 'Echo (profile)', '/icons/other.svg');
    const c = await modifyConversation(db, BOT, mute);
    expect(c).toMatchObject({ name: 'Echo', icon: '/icons/echo.svg', mute_duration: -1 });
    expect((await db.conversations.findOne(BOT).exec())?.name).toBe('Echo');
  });

  it('else the bot profile as read for its screen', async () => {
    db = await openTestDatabase(freshDbName('modify-conv'));
    await withProfile(db, 'Echo', '/icons/echo.svg');
    expect(await modifyConversation(db, BOT, mute)).toMatchObject({ name: 'Echo', icon: '/icons/echo.svg' });
  });

  it('keeps a name the change itself gives, and stays empty when nothing is known', async () => {
    db = await openTestDatabase(freshDbName('modify-conv'));
    await withProfile(db, 'Old name', '/icons/old.svg');
    expect(await modifyConversation(db, BOT, (c) => ({ ...c, name: 'Server name', icon: '/icons/server.svg' }))).toMatchObject({ name: 'Server name', icon: '/icons/server.svg' });
    expect(await modifyConversation(db, 'b-unknown', mute)).toMatchObject({ name: '', icon: '' });
  });

  it('does not rename an existing conversation', async () => {
    db = await openTestDatabase(freshDbName('modify-conv'));
    await modifyConversation(db, BOT, (c) => ({ ...c, name: 'Echo' }));
    await withProfile(db, 'Renamed', '/icons/new.svg');
    expect(await modifyConversation(db, BOT, mute)).toMatchObject({ name: 'Echo', mute_duration: -1 });
  });
});
