// Discovery's storage: seeding the demo rows (idempotent, at every start) and reading the lists
// the routes answer. Subscriber counts come from bots/subscribers.ts, as on the bot's profile: the
// catalogue's base count is seeded there (bot_discovery.subscriber_base of migration 007 is no
// longer read or written).
import type { DiscoveryBot, DiscoveryMiniApp, MiniAppSubscription, PinnedResource, SearchItem } from '../../src/api/discovery';
import type { Queryable } from '../db/db';
import { setSubscriberBase, subscriberCountSql } from '../bots/subscribers';
import { DISCOVERY_BOTS, MINI_APPS, launchTimeOf } from './catalog';

export async function seedDiscovery(db: Queryable, startedAt: number): Promise<void> {
  // the bots rows themselves are seeded by seedBots (registry.ts spreads DISCOVERY_BOTS)
  for (const bot of DISCOVERY_BOTS) {
    const m = bot.discovery;
    await db.query(
      `INSERT INTO bot_discovery (bot_uuid, category, launch_time, featured) VALUES ($1, $2, $3, $4)
       ON CONFLICT (bot_uuid) DO UPDATE SET category = $2, launch_time = $3, featured = $4`,
      [bot.bot_uuid, m.category, launchTimeOf(m, startedAt), m.featured],
    );
    await setSubscriberBase(db, bot.bot_uuid, m.subscriberBase);
  }
  for (const [rank, app] of MINI_APPS.entries()) {
    await db.query(
      `INSERT INTO mini_apps (mini_app_uuid, name, description, icon, category, path, rank, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (mini_app_uuid) DO UPDATE SET name = $2, description = $3, icon = $4, category = $5, path = $6, rank = $7, updated_at = $8`,
      [app.mini_app_uuid, app.name, app.description, app.icon, app.category, app.path, rank, startedAt],
    );
  }
}

interface DiscoveryBotRow {
  bot_uuid: string; name: string; description: string; icon: string; category: string;
  launch_time: number; subscriber_count: number; subscribed: boolean; featured: boolean;
}

/** Every bot discovery knows, newest launch first, as the caller sees it (subscribed or not). */
export async function discoveryBots(q: Queryable, userUuid: string): Promise<(DiscoveryBot & { featured: boolean })[]> {
  const rows = await q.query<DiscoveryBotRow>(
    `SELECT b.bot_uuid, b.name, b.description, b.icon, d.category, d.launch_time, d.featured,
       ${subscriberCountSql('b.bot_uuid')} AS subscriber_count,
       EXISTS (SELECT 1 FROM subscriptions s WHERE s.bot_uuid = b.bot_uuid AND s.user_uuid = $1) AS subscribed
     FROM bot_discovery d JOIN bots b ON b.bot_uuid = d.bot_uuid
     ORDER BY d.launch_time DESC, b.bot_uuid`,
    [userUuid],
  );
  return rows.map((r) => ({
    type: 'bot',
    bot_uuid: r.bot_uuid,
    name: r.name,
    description: r.description,
    icon: r.icon,
    category: r.category,
    launch_time: r.launch_time,
    subscriber_count: r.subscriber_count,
    subscribed: r.subscribed,
    featured: r.featured,
  }));
}

interface MiniAppRow { mini_app_uuid: string; name: string; description: string; icon: string; category: string; path: string }

const toMiniApp = (r: MiniAppRow): DiscoveryMiniApp => ({
  type: 'mini-app', mini_app_uuid: r.mini_app_uuid, name: r.name, description: r.description, icon: r.icon, category: r.category, path: r.path,
});

export async function miniApps(q: Queryable): Promise<DiscoveryMiniApp[]> {
  const rows = await q.query<MiniAppRow>('SELECT mini_app_uuid, name, description, icon, category, path FROM mini_apps ORDER BY rank, mini_app_uuid');
  return rows.map(toMiniApp);
}

/** The caller's mini app subscriptions, most recent first. */
export async function miniAppSubscriptions(q: Queryable, userUuid: string): Promise<(MiniAppSubscription & { pinned: boolean })[]> {
  const rows = await q.query<MiniAppRow & { subscribed_at: number; pinned_at: number | null }>(
    `SELECT m.mini_app_uuid, m.name, m.description, m.icon, m.category, m.path, s.subscribed_at, s.pinned_at
     FROM mini_app_subscriptions s JOIN mini_apps m ON m.mini_app_uuid = s.mini_app_uuid
     WHERE s.user_uuid = $1 ORDER BY s.subscribed_at DESC, m.mini_app_uuid`,
    [userUuid],
  );
  return rows.map((r) => ({ ...toMiniApp(r), subscribed_at: r.subscribed_at, pinned: r.pinned_at !== null }));
}

/**
 * The bots the app lists outside discovery (the suggested ones: Echo, Saathi Shop...), as search
 * answers them: no category of their own (''), no launch to call new (launch_time 0), their real
 * subscribers.
 */
export async function suggestedSearchBots(q: Queryable, userUuid: string): Promise<DiscoveryBot[]> {
  const rows = await q.query<Omit<DiscoveryBotRow, 'category' | 'featured'>>(
    `SELECT b.bot_uuid, b.name, b.description, b.icon, 0::bigint AS launch_time,
       (SELECT count(*) FROM subscriptions x WHERE x.bot_uuid = b.bot_uuid)::int AS subscriber_count,
       EXISTS (SELECT 1 FROM subscriptions s WHERE s.bot_uuid = b.bot_uuid AND s.user_uuid = $1) AS subscribed
     FROM bots b WHERE b.suggested AND NOT EXISTS (SELECT 1 FROM bot_discovery d WHERE d.bot_uuid = b.bot_uuid)
     ORDER BY b.bot_uuid`,
    [userUuid],
  );
  return rows.map((r) => ({
    type: 'bot', bot_uuid: r.bot_uuid, name: r.name, description: r.description, icon: r.icon, category: '',
    launch_time: r.launch_time, subscriber_count: r.subscriber_count, subscribed: r.subscribed,
  }));
}

export function stripFeatured(bot: DiscoveryBot & { featured: boolean }): DiscoveryBot {
  const { featured: _featured, ...rest } = bot;
  return rest;
}

export type { PinnedResource, SearchItem };
