import { DEFAULT_SETTINGS } from '../defaults';
import { getClient } from '../client';
import { ok, type CommandResult } from '../command-result';
import type { SettingsDoc } from '../local-docs';
import { patchLocalDoc } from '../local-store';

/** Remembers the active home tab (spec part 1 §2). Local only. */
export async function setHomeTab(tab: SettingsDoc['homeTab']): Promise<CommandResult> {
  await patchLocalDoc(getClient().db, 'settings', { homeTab: tab }, DEFAULT_SETTINGS);
  return ok();
}
