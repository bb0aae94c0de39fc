// /bot-faq?bot=…: the bot's questions and answers (get-bot-faqs), kept for offline reading.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { loadBotProfile, useBot, useBotProfile } from '../../db/ui-surface';
import { useOnline } from '../shared/use-online';
import { PageHeader } from './page-header';
import { useBotParam } from './use-bot-param';
import './bots.css';

export default function BotFaqScreen() {
  const intl = useIntl();
  const botUuid = useBotParam();
  const online = useOnline();
  const { profile } = useBotProfile(botUuid);
  const bot = useBot(botUuid).value;
  useEffect(() => {
    if (botUuid && online) void loadBotProfile(botUuid);
  }, [botUuid, online]);
  const name = profile?.details?.name || bot?.name || '';
  const faqs = profile?.faqs;
  return (
    <div className="bots-page">
      <PageHeader title={intl.formatMessage({ id: 'faq.title' }, { name })} />
      <main className="bots-main">
        {!faqs && <p className="bots-muted bots-card">{intl.formatMessage({ id: 'botInfo.notLoaded' })}</p>}
        {faqs?.length === 0 && <p className="bots-muted bots-card">{intl.formatMessage({ id: 'faq.empty' })}</p>}
        {faqs && faqs.length > 0 && (
          <div className="bots-card bots-faqs">
            {faqs.map((f, i) => (
              <details key={i} className="bots-faq" open={i === 0}>
                <summary className="bots-faq__q">{f.question}</summary>
                <p className="bots-faq__a">{f.answer}</p>
              </details>
            ))}
          </div>
        )}
      </main>
    </div>
  );
}
