import { DEFAULT_REMOTE_FLAGS, REMOTE_FLAGS_DOC_ID, screenToggleOn } from '../../api/remote-flags';
import { GUIDE_SWITCH, shouldShowGuide, type GuideId } from '../../domain/guides';
import { useLocalDoc } from './use-local-doc';
import { useSettings } from './use-settings';

/**
 * Whether a one-time guide shows now (issue 18): its remote switch is on and this device has
 * not shown it. False until the settings are read and the remote flags were fetched once, so a
 * guide never flashes on a seen device, nor on one whose server turned it off.
 */
export function useGuide(id: GuideId): boolean {
  const remote = useLocalDoc(REMOTE_FLAGS_DOC_ID).doc;
  const { loaded, doc } = useSettings();
  if (!loaded || remote?.fetchedAt == null) return false;
  const flags = { ...DEFAULT_REMOTE_FLAGS, ...remote.flags };
  const remoteSwitch = GUIDE_SWITCH[id];
  const on = 'toggle' in remoteSwitch ? screenToggleOn(flags, remoteSwitch.toggle) : flags[remoteSwitch.flag];
  return shouldShowGuide(id, doc.seenGuides ?? [], on);
}
