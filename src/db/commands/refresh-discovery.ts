import type { CommandResult } from '../command-result';
import type { LanguageCode } from '../local-docs';
import { runEngine } from './run-engine';

/** Reads the discovery page into the cache (offline it fails quietly and the stored page stays). */
export function refreshDiscovery(): Promise<CommandResult> {
  return runEngine('refreshDiscovery');
}

/** Reads the recent activity page (conversations, mini apps, pinned) into the cache and the chat list. */
export function refreshRecentActivity(language: LanguageCode): Promise<CommandResult> {
  return runEngine('refreshRecentActivity', language);
}
