// The install banner on the home screen: shown when the browser offers
// installing (beforeinstallprompt, kept by src/app/install-prompt.ts), never in the installed
// app (standalone), and not again for a while after "Not now".
import { useIntl } from 'react-intl';
import { useInstallPrompt } from '../../app/use-install-prompt';
import { InstallBanner } from '../../ui/install-banner';

export function InstallOffer() {
  const intl = useIntl();
  const offer = useInstallPrompt();
  if (!offer.visible) return null;
  return (
    <InstallBanner
      label={intl.formatMessage({ id: 'home.install.label' })}
      title={intl.formatMessage({ id: 'home.install.title' })}
      body={intl.formatMessage({ id: 'home.install.body' })}
      installText={intl.formatMessage({ id: 'home.install.accept' })}
      dismissText={intl.formatMessage({ id: 'home.install.dismiss' })}
      onInstall={() => void offer.install()}
      onDismiss={offer.dismiss}
    />
  );
}
