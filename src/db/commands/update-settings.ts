import { DEFAULT_SETTINGS } from '../defaults';
import { getClient } from '../client';
import type { SettingsDoc } from '../local-docs';
import { patchLocalDoc } from '../local-store';

/** Changes preferences (text size and weight, bold text, auto-download); the app applies them at once. */
export async function updateSettings(patch: Partial<Omit<SettingsDoc, 'homeTab'>>): Promise<void> {
  await patchLocalDoc(getClient().db, 'settings', patch, DEFAULT_SETTINGS);
}
