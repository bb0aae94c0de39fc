// The cache collection (src/db/schemas/cache.schema.ts): opens at version 0 with its (empty)
// migration strategies, keys entries by call and parameters, and goes with the user's data.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/db/database';
import { cacheKey, cacheMigrations, cacheSchema } from '../../../src/db/schemas/cache.schema';
import { clearSignedInData } from '../../../src/db/session-data';
import { setLocalDoc, getLocalDoc } from '../../../src/db/local-store';
import { freshDbName, openTestDatabase } from './helpers/fake-db';

let db: AppDatabase | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

const page = { bannerList: [], iconList: [], recommendedBotsIconList: [], categoryList: [], miniApps: [] };

describe('cache collection', () => {
  it('is version 0 with a migration strategy map, indexed on fetched_at', () => {
    expect(cacheSchema.version).toBe(0);
    expect(cacheMigrations).toEqual({});
    expect(cacheSchema.indexes).toEqual(['fetched_at']);
  });

  it('opens, stores a page and reads it back; the same page again replaces it', async () => {
    const name = freshDbName('cache');
    db = await openTestDatabase(name);
    const id = cacheKey('getDiscoveryPage');
    await db.cache.upsert({ id, call: 'getDiscoveryPage', payload: page, fetched_at: 1 });
    await db.cache.upsert({ id, call: 'getDiscoveryPage', payload: { ...page, categoryList: [{ category_id: 'news', name: 'News' }] }, fetched_at: 2 });
    expect(await db.cache.count().exec()).toBe(1);
    await db.close();
    // a second open of the same database (a reload) finds it
    db = await openTestDatabase(name);
    const doc = await db.cache.findOne(id).exec();
    expect(doc?.fetched_at).toBe(2);
    expect(doc?.toJSON().payload).toMatchObject({ categoryList: [{ category_id: 'news' }] });
  });

  it('keys by call and parameters, whatever their order', () => {
    expect(decodeURIComponent(cacheKey('getDiscoveryPage'))).toBe('getDiscoveryPage:{}');
    expect(decodeURIComponent(cacheKey('searchBots', { keyword: 'quiz' }))).toBe('searchBots:{"keyword":"quiz"}');
    expect(cacheKey('searchBots', { keyword: 'क'.repeat(100) }).length).toBeLessThanOrEqual(1200);
    expect(cacheKey('searchBots', { b: 1, a: 2 })).toBe(cacheKey('searchBots', { a: 2, b: 1 }));
  });

  it('takes a search answer keyed by any keyword (quotes, Devanagari)', async () => {
    db = await openTestDatabase();
    for (const keyword of ['say "hi"', 'किसान', 'क'.repeat(100)]) {
      await db.cache.upsert({ id: cacheKey('searchBots', { keyword }), call: 'searchBots', payload: { keyword, search_results: [] }, fetched_at: 1 });
    }
    expect(await db.cache.count().exec()).toBe(3);
  });

  it('is cleared with the recent searches on sign-out', async () => {
    db = await openTestDatabase();
    await db.cache.upsert({ id: cacheKey('getDiscoveryPage'), call: 'getDiscoveryPage', payload: page, fetched_at: 1 });
    await setLocalDoc(db, 'recent-searches', { list: ['quiz'] });
    await clearSignedInData(db);
    expect(await db.cache.count().exec()).toBe(0);
    expect(await getLocalDoc(db, 'recent-searches')).toBeNull();
  });
});
