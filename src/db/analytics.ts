// The app's analytics events, buffered in the one action queue (kind 'analytics', one document
// per event, every event in one ordering lane): the page's commands and the engine both record
// them here, the leader's runner sends them in batches (src/sync/analytics-sync.ts). Nothing is
// recorded when the user turned analytics off in Settings, nor in standalone mode (the spec's
// no-op provider); turning it off drops what is still buffered.
import { ANALYTICS_BATCH_DELAY_MS, ANALYTICS_EVENT, scrubParams } from '../domain/analytics';
import { COUNTRIES } from '../domain/countries';
import type { AppDatabase } from './database';
import { enqueueAction } from './action-queue';
import { getLocalDoc } from './local-store';
import { orderKey } from './schemas';

/** Whether events are recorded: the Settings switch (on unless turned off) and not standalone. */
export async function analyticsEnabled(db: AppDatabase): Promise<boolean> {
  const [settings, session] = await Promise.all([getLocalDoc(db, 'settings'), getLocalDoc(db, 'session')]);
  return settings?.analytics !== false && session?.isStandalone !== true;
}

/**
 * Records one event (durable at once). The first event of a batch waits ANALYTICS_BATCH_DELAY_MS
 * for others before it goes (the runner reads the wait from the document); the network coming
 * back sends at once. Never throws: analytics must not break the action it describes.
 */
export async function trackEvent(db: AppDatabase, name: string, params: Readonly<Record<string, unknown>> = {}, now = Date.now()): Promise<void> {
  try {
    if (!(await analyticsEnabled(db))) return;
    await enqueueAction(db, 'analytics', orderKey.analytics(), { name, params: scrubParams(params), at: now }, now, undefined, now + ANALYTICS_BATCH_DELAY_MS);
  } catch (err) {
    console.warn('analytics: recording an event failed', err);
  }
}

/** Drops every buffered event (Settings turned analytics off). */
export async function dropAnalyticsBuffer(db: AppDatabase): Promise<number> {
  // the ids only, typed plainly: mapping over the union of every action kind's RxDocument is too
  // complex for TypeScript to represent
  const docs = await db.actions.find({ selector: { kind: 'analytics' } }).exec();
  const ids = docs.map((d: { id: string }) => d.id);
  if (ids.length > 0) await db.actions.bulkRemove(ids);
  return ids.length;
}

/** The events that engine commands' outcomes stand for (the sign-in steps, quizzes, rewards), by command name. */
const COMMAND_EVENTS: Readonly<Record<string, (args: readonly unknown[], ok: boolean, errorKey: string | undefined) => { name: string; params?: Record<string, unknown> } | null>> = {
  requestOtp: (args, ok) => (ok ? { name: ANALYTICS_EVENT.otpRequested, params: { country: countryOf(args[0]) } } : null),
  verifyOtp: (_args, ok, errorKey) => (ok ? { name: ANALYTICS_EVENT.otpVerified } : { name: ANALYTICS_EVENT.otpFailed, params: { error: errorKey ?? 'unknown' } }),
  // the location is onboarding's last step
  saveLocation: (_args, ok) => (ok ? { name: ANALYTICS_EVENT.onboardingCompleted } : null),
  answerQuizQuestion: (args, ok) => (ok ? { name: ANALYTICS_EVENT.quizAnswer, params: { source: 'feed', post_uuid: args[0] } } : null),
  answerGame: (args, ok) => (ok ? { name: ANALYTICS_EVENT.quizAnswer, params: { source: 'engage', play_uuid: args[0], step: args[1] } } : null),
  spinWheel: (_args, ok) => (ok ? { name: ANALYTICS_EVENT.reward, params: { kind: 'spin_the_wheel' } } : null),
  completeMemoryBoard: (_args, ok) => (ok ? { name: ANALYTICS_EVENT.reward, params: { kind: 'memory_match' } } : null),
  acceptRewardsTerms: (_args, ok) => (ok ? { name: ANALYTICS_EVENT.reward, params: { kind: 'terms_accepted' } } : null),
};

/** The dial code of a full number (+91…): the country, never the number. */
function countryOf(mobile: unknown): string {
  return typeof mobile === 'string' ? (COUNTRIES.find((c) => mobile.startsWith(c.dialCode))?.iso ?? 'unknown') : 'unknown';
}

/** Records what an engine command's outcome stands for, if anything (called by runEngine). */
export async function trackCommandOutcome(db: AppDatabase, command: string, args: readonly unknown[], result: { ok: boolean; error?: { key: string } }): Promise<void> {
  const event = COMMAND_EVENTS[command]?.(args, result.ok, result.ok ? undefined : result.error?.key);
  if (event) await trackEvent(db, event.name, event.params);
}
