// Mini apps' storage on the server: seeding the web mini apps (catalogue rows, sign-on clients,
// the demo backends' secrets) and reading one mini app as the caller sees it. Every query of a
// user's data is keyed by the caller's user_uuid from the session, never by a body field.
import { randomBytes } from 'node:crypto';
import type { MiniApp } from '../../src/api/mini-app-contract';
import type { LanguageCode } from '../../src/domain/language-codes';
import type { Queryable } from '../db/db';
import { hashToken } from '../accounts/tokens';
import { MINI_APP_DESCRIPTIONS } from '../discovery/catalog-text';
import { MINI_APPS } from '../discovery/catalog';
import { inLanguage } from '../http/language';
import { WEB_MINI_APPS, webAppPath } from './catalog';

/** Upserts the web mini apps after the discovery seed (ranks follow the built-in ones). */
export async function seedMiniApps(db: Queryable, startedAt: number): Promise<void> {
  for (const [i, app] of WEB_MINI_APPS.entries()) {
    const path = webAppPath(app.slug);
    await db.query(
      `INSERT INTO mini_apps (mini_app_uuid, name, description, icon, category, path, rank, updated_at, kind, entry_path)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'web', $9)
       ON CONFLICT (mini_app_uuid) DO UPDATE SET name = $2, description = $3, icon = $4, category = $5, path = $6, rank = $7, updated_at = $8, kind = 'web', entry_path = $9`,
      [app.mini_app_uuid, app.name, app.description, app.icon, app.category, path, MINI_APPS.length + i, startedAt, `${path}index.html`],
    );
    // The demo backend's secret is made once and kept; the registry keeps only its digest.
    await db.query('INSERT INTO mini_app_demo_secrets (slug, secret) VALUES ($1, $2) ON CONFLICT (slug) DO NOTHING', [app.slug, randomBytes(32).toString('base64url')]);
    const rows = await db.query<{ secret: string }>('SELECT secret FROM mini_app_demo_secrets WHERE slug = $1', [app.slug]);
    await db.query(
      'INSERT INTO mini_app_clients (mini_app_uuid, secret_hash) VALUES ($1, $2) ON CONFLICT (mini_app_uuid) DO UPDATE SET secret_hash = $2',
      [app.mini_app_uuid, hashToken(rows[0]!.secret)],
    );
  }
}

/** The demo backend's own secret (only demo-backend.ts and tests read it). */
export async function demoSecret(db: Queryable, slug: string): Promise<string> {
  const rows = await db.query<{ secret: string }>('SELECT secret FROM mini_app_demo_secrets WHERE slug = $1', [slug]);
  if (!rows[0]) throw new Error(`no demo secret for ${slug}`);
  return rows[0].secret;
}

interface MiniAppRow {
  mini_app_uuid: string; name: string; description: string; icon: string; category: string; path: string;
  kind: 'native' | 'web'; entry_path: string | null; sso: boolean; rating: number | null; rating_count: number;
  user_rating: number | null; subscribed: boolean;
}

const SELECT = `
  SELECT m.mini_app_uuid, m.name, m.description, m.icon, m.category, m.path, m.kind, m.entry_path,
    EXISTS (SELECT 1 FROM mini_app_clients c WHERE c.mini_app_uuid = m.mini_app_uuid) AS sso,
    (SELECT avg(r.rating)::float FROM mini_app_ratings r WHERE r.mini_app_uuid = m.mini_app_uuid) AS rating,
    (SELECT count(*)::int FROM mini_app_ratings r WHERE r.mini_app_uuid = m.mini_app_uuid) AS rating_count,
    (SELECT r.rating FROM mini_app_ratings r WHERE r.mini_app_uuid = m.mini_app_uuid AND r.user_uuid = $1) AS user_rating,
    EXISTS (SELECT 1 FROM mini_app_subscriptions s WHERE s.mini_app_uuid = m.mini_app_uuid AND s.user_uuid = $1) AS subscribed
  FROM mini_apps m`;

function toMiniApp(r: MiniAppRow, language: LanguageCode): MiniApp {
  const web = WEB_MINI_APPS.find((a) => a.mini_app_uuid === r.mini_app_uuid);
  return {
    mini_app_uuid: r.mini_app_uuid,
    name: web ? inLanguage({ [web.mini_app_uuid]: web.names }, r.mini_app_uuid, language, r.name) : r.name,
    description: inLanguage(web ? { [web.mini_app_uuid]: web.descriptions } : MINI_APP_DESCRIPTIONS, r.mini_app_uuid, language, r.description),
    icon: r.icon,
    category: r.category,
    path: r.path,
    kind: r.kind,
    entry_path: r.entry_path,
    sso: r.sso,
    rating: r.rating === null ? 0 : Math.round(Number(r.rating) * 10) / 10,
    rating_count: Number(r.rating_count),
    user_rating: r.user_rating === null ? null : Number(r.user_rating),
    subscribed: r.subscribed,
  };
}

export async function listMiniApps(q: Queryable, userUuid: string, language: LanguageCode): Promise<MiniApp[]> {
  const rows = await q.query<MiniAppRow>(`${SELECT} ORDER BY m.rank, m.mini_app_uuid`, [userUuid]);
  return rows.map((r) => toMiniApp(r, language));
}

export async function findMiniApp(q: Queryable, userUuid: string, miniAppUuid: string, language: LanguageCode): Promise<MiniApp | undefined> {
  const rows = await q.query<MiniAppRow>(`${SELECT} WHERE m.mini_app_uuid = $2`, [userUuid, miniAppUuid]);
  return rows[0] ? toMiniApp(rows[0], language) : undefined;
}
