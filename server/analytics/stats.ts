// The figures of /admin/analytics, read from PostgreSQL: daily active users (users with any
// analytics event that day), messages users sent per day (the messages table itself, not events),
// subscriptions per bot, and the sign-in funnel login → OTP → onboarding (distinct users per step).
// Days are UTC days; an event counts on the day it happened on the device, or when it arrived if
// the device's clock said later.
import { DAY_MS } from '../../src/domain/constants';
import { ANALYTICS_EVENT, LOGIN_SCREEN } from '../../src/domain/analytics';
import type { Db } from '../db/db';

export const STATS_DAYS = 30;

export interface AnalyticsStats {
  /** the first ms of each UTC day shown, oldest first */
  days: number[];
  dailyActiveUsers: number[];
  messagesPerDay: number[];
  subscriptions: { bot_uuid: string; name: string; subscribers: number }[];
  funnel: { step: 'login' | 'otp' | 'onboarding'; users: number }[];
}

export async function readStats(db: Db, now: number, daysShown = STATS_DAYS): Promise<AnalyticsStats> {
  const today = Math.floor(now / DAY_MS);
  const firstDay = today - daysShown + 1;
  const since = firstDay * DAY_MS;
  const days = Array.from({ length: daysShown }, (_, i) => (firstDay + i) * DAY_MS);
  const perDay = (rows: { day: number; n: number }[]) => {
    const byDay = new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
    return days.map((d) => byDay.get(d / DAY_MS) ?? 0);
  };
  const dau = await db.query<{ day: number; n: number }>(
    `SELECT (LEAST(at, received_at) / ${DAY_MS})::bigint AS day, COUNT(DISTINCT user_uuid)::int AS n
       FROM analytics_events WHERE received_at >= $1 AND LEAST(at, received_at) >= $1 GROUP BY 1`, [since]);
  const messages = await db.query<{ day: number; n: number }>(
    `SELECT (created_at / ${DAY_MS})::bigint AS day, COUNT(*)::int AS n
       FROM messages WHERE sender = 'user' AND created_at >= $1 GROUP BY 1`, [since]);
  const subscriptions = await db.query<{ bot_uuid: string; name: string; subscribers: number }>(
    `SELECT b.bot_uuid, b.name, COUNT(s.user_uuid)::int AS subscribers
       FROM bots b JOIN subscriptions s ON s.bot_uuid = b.bot_uuid
      GROUP BY b.bot_uuid, b.name ORDER BY subscribers DESC, b.name LIMIT 20`);
  const [funnel] = await db.query<{ login: number; otp: number; onboarding: number }>(
    `SELECT COUNT(DISTINCT user_uuid) FILTER (WHERE name = $2 OR (name = $3 AND params->>'screen' = $4))::int AS login,
            COUNT(DISTINCT user_uuid) FILTER (WHERE name = $5)::int AS otp,
            COUNT(DISTINCT user_uuid) FILTER (WHERE name = $6)::int AS onboarding
       FROM analytics_events WHERE received_at >= $1`,
    [since, ANALYTICS_EVENT.otpRequested, ANALYTICS_EVENT.screenView, LOGIN_SCREEN, ANALYTICS_EVENT.otpVerified, ANALYTICS_EVENT.onboardingCompleted]);
  return {
    days,
    dailyActiveUsers: perDay(dau),
    messagesPerDay: perDay(messages),
    subscriptions: subscriptions.map((s) => ({ ...s, subscribers: Number(s.subscribers) })),
    funnel: [
      { step: 'login', users: Number(funnel?.login ?? 0) },
      { step: 'otp', users: Number(funnel?.otp ?? 0) },
      { step: 'onboarding', users: Number(funnel?.onboarding ?? 0) },
    ],
  };
}
