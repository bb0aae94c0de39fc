import { useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { loadMessages, type Messages } from '../i18n/load-messages';
import { CrashScreen } from './crash-screen';
import { Splash } from './splash';

/** The database could not open: no stored language is readable, so the page's language (from
 *  the browser) picks the messages, English when it is not one of ours. */
export function BootFailure() {
  const [messages, setMessages] = useState<Messages | null>(null);
  const code = navigator.language.split('-')[0] ?? 'en';
  useEffect(() => {
    loadMessages(code).then(setMessages, () => setMessages({}));
  }, [code]);
  if (!messages) return <Splash />;
  return (
    <IntlProvider locale={code} messages={messages} defaultLocale="en">
      <CrashScreen onRetry={() => window.location.reload()} />
    </IntlProvider>
  );
}
