// The analytics providers of the reference server (spec part 2 §4 "Analytics provider": Google
// only, or a second provider plus Google, chosen by configuration). The app sends its buffered
// events in batches to /analytics/track; the route hands each batch to every configured provider:
//   - first-party: this server's own store (analytics_events in PostgreSQL), one row per
//     (user, event_id), so a resend adds nothing; the admin page's charts read it;
//   - google: GA4's Measurement Protocol, an HTTP call from this server (the API secret never
//     reaches a page, and no third-party script runs in the app). client_id is the device's
//     salted alias, never the number or the user id.
import type { AnalyticsEvent } from '../../src/api/contract';
import type { GoogleAnalyticsConfig } from '../config/analytics';
import type { Db } from '../db/db';
import { HttpError } from '../http/errors';

export interface AnalyticsBatch {
  userUuid: string;
  alias: string;
  events: readonly AnalyticsEvent[];
  receivedAt: number;
}

export interface AnalyticsProvider {
  readonly name: string;
  /** Takes the batch; answers how many events were new to it (first-party) or sent (google). Throws to have the app resend. */
  deliver(batch: AnalyticsBatch): Promise<{ delivered: number }>;
}

export function firstPartyProvider(db: Db): AnalyticsProvider {
  return {
    name: 'first-party',
    async deliver({ userUuid, alias, events, receivedAt }) {
      // one statement: the batch is stored whole or not at all; a repeated event_id is skipped
      const rows = await db.query<{ event_id: string }>(
        `INSERT INTO analytics_events (user_uuid, event_id, alias, name, params, at, received_at)
         SELECT $1, e.event_id, $2, e.name, e.params, e.at, $3
           FROM jsonb_to_recordset($4::jsonb) AS e(event_id uuid, name text, params jsonb, at bigint)
         ON CONFLICT (user_uuid, event_id) DO NOTHING
         RETURNING event_id`,
        [userUuid, alias, receivedAt, JSON.stringify(events)],
      );
      return { delivered: rows.length };
    },
  };
}

/** GA4 accepts events up to 72 hours old; older ones are dropped by Google anyway, so not sent. */
export const GA_MAX_EVENT_AGE_MS = 72 * 3600_000;

/** The Measurement Protocol body of one batch (https://developers.google.com/analytics/devguides/collection/protocol/ga4). */
export function measurementProtocolBody(batch: AnalyticsBatch): { client_id: string; events: { name: string; params: Record<string, unknown>; timestamp_micros: number }[] } {
  return {
    client_id: batch.alias,
    events: batch.events
      .filter((e) => batch.receivedAt - e.at <= GA_MAX_EVENT_AGE_MS)
      // engagement_time_msec: GA shows the event in its realtime and engagement reports only with it
      .map((e) => ({ name: e.name, params: { ...e.params, engagement_time_msec: 1 }, timestamp_micros: Math.min(e.at, batch.receivedAt) * 1000 })),
  };
}

export function googleProvider(config: GoogleAnalyticsConfig, fetchImpl: typeof fetch = fetch): AnalyticsProvider {
  const url = `${config.endpoint}?measurement_id=${encodeURIComponent(config.measurementId)}&api_secret=${encodeURIComponent(config.apiSecret)}`;
  return {
    name: 'google',
    async deliver(batch) {
      const body = measurementProtocolBody(batch);
      if (body.events.length === 0) return { delivered: 0 };
      let status: number;
      try {
        const answer = await fetchImpl(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
        status = answer.status;
      } catch {
        status = 0;
      }
      // GA answers 2xx for whatever it takes; anything else is "not now": the app sends the batch
      // again (the first-party rows are not doubled), so Google gets it at least once
      if (status < 200 || status >= 300) throw new HttpError(503, `Google Analytics did not take the events (${status || 'no answer'})`, { 'retry-after': '30' });
      return { delivered: body.events.length };
    },
  };
}
