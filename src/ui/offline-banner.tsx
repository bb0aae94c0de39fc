import './offline-banner.css';

export interface OfflineBannerProps {
  /** Shown while offline, e.g. 'You are offline. We will send your changes when you are back.' */
  message: string;
}

/** A calm notice at the top of the screen while the device is offline (role=status). */
export function OfflineBanner({ message }: OfflineBannerProps) {
  return (
    <div className="offline-banner" role="status">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <circle cx="12" cy="19" r="1.5" fill="currentColor" />
        <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{message}</span>
    </div>
  );
}
