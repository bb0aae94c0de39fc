import { markGuideSeen as nextSeen, type GuideId } from '../../domain/guides';
import { getClient } from '../client';
import { DEFAULT_SETTINGS } from '../defaults';
import { getLocalDoc, patchLocalDoc } from '../local-store';

/** Remembers on this device that a one-time guide was shown (issue 18): it does not show again. */
export async function markGuideSeen(id: GuideId): Promise<void> {
  const { db } = getClient();
  const seen = (await getLocalDoc(db, 'settings'))?.seenGuides ?? [];
  await patchLocalDoc(db, 'settings', { seenGuides: nextSeen(seen, id) }, DEFAULT_SETTINGS);
}
