import { DEFAULT_SETTINGS } from '../defaults';
import { getClient } from '../client';
import type { SettingsDoc } from '../local-docs';
import { patchLocalDoc } from '../local-store';
import { dropAnalyticsBuffer } from '../analytics';

/** Changes preferences (text size and weight, bold text, auto-download); the app applies them at once. */
export async function updateSettings(patch: Partial<Omit<SettingsDoc, 'homeTab' | 'analytics'>>): Promise<void> {
  await patchLocalDoc(getClient().db, 'settings', patch, DEFAULT_SETTINGS);
}

/** The Settings analytics switch: off also drops every event still buffered, so none is sent later. */
export async function setAnalyticsEnabled(on: boolean): Promise<void> {
  const { db } = getClient();
  await patchLocalDoc(db, 'settings', { analytics: on }, DEFAULT_SETTINGS);
  if (!on) await dropAnalyticsBuffer(db);
}
