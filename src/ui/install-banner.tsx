import { Button } from './button';
import './install-banner.css';

export interface InstallBannerProps {
  /** the region's accessible name, e.g. 'Install the app' */
  label: string;
  title: string;
  body: string;
  installText: string;
  dismissText: string;
  onInstall: () => void;
  onDismiss: () => void;
}

/** The offer to install the app: the icon, a short why, Install and Not now. */
export function InstallBanner({ label, title, body, installText, dismissText, onInstall, onDismiss }: InstallBannerProps) {
  return (
    <section className="install-banner" aria-label={label}>
      <img className="install-banner__icon" src="/icons/app-icon-192.png" alt="" width={40} height={40} />
      <div className="install-banner__text">
        <p className="install-banner__title">{title}</p>
        <p className="install-banner__body">{body}</p>
      </div>
      <div className="install-banner__actions">
        <Button variant="text" onClick={onDismiss}>
          {dismissText}
        </Button>
        <Button onClick={onInstall}>{installText}</Button>
      </div>
    </section>
  );
}
