// The install offer for the home screen's banner: whether the browser offers installing now,
// whether this device said "not now" lately, and the two actions.
import { useCallback, useState, useSyncExternalStore } from 'react';
import { installState, promptInstall, subscribeInstallState, type InstallState } from './install-prompt';

const DISMISSED_KEY = 'ui.install-dismissed-at';
/** After "Not now" the banner stays away this long (a purely visual preference of this device). */
const DISMISS_FOR_MS = 30 * 24 * 60 * 60 * 1000;

function dismissedLately(now: number): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < DISMISS_FOR_MS;
  } catch {
    return false;
  }
}

export interface InstallOffer {
  /** show the banner: the browser offers installing, the app is not installed, not dismissed lately */
  visible: boolean;
  state: InstallState;
  install(): Promise<void>;
  dismiss(): void;
}

export function useInstallPrompt(): InstallOffer {
  const state = useSyncExternalStore(subscribeInstallState, installState, () => 'unavailable' as const);
  const [dismissed, setDismissed] = useState(() => dismissedLately(Date.now()));
  const dismiss = useCallback(() => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    } catch {
      /* storage blocked: hidden for this visit only */
    }
  }, []);
  // Chromium offers again right after its own dialog was cancelled: a cancel counts as "Not now"
  const install = useCallback(async () => {
    if ((await promptInstall()) === 'dismissed') dismiss();
  }, [dismiss]);
  return { visible: state === 'available' && !dismissed, state, install, dismiss };
}
