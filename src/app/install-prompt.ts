// The browser's install offer (beforeinstallprompt), kept from the moment the page starts: the
// event can fire before the home screen's chunk has loaded, and it fires only once per page.
// The home screen's banner (use-install-prompt.ts) reads it from here and shows the prompt.
// Standalone detection: an installed app (display-mode standalone, or iOS's navigator.standalone)
// never offers itself again.

/** Chromium's BeforeInstallPromptEvent (not in TypeScript's DOM lib). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type InstallState = 'unavailable' | 'available' | 'installed';

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of [...listeners]) l();
};

/** True when the app runs as an installed app (home-screen icon, standalone window). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

/** Starts listening; main.tsx calls it before anything else renders. */
export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // keep the browser's mini-infobar away: the app offers installing in its own banner
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    notify();
  });
}

export function installState(): InstallState {
  if (installed || isStandalone()) return 'installed';
  return deferred ? 'available' : 'unavailable';
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the offer is used up whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  notify();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}
