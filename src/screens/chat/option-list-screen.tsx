// /list?bot=<id> (spec part 1 §2 route list): a button message whose options the option-layout
// rule lays out as a list (many options) opens here in full screen, with a search over the labels
// (src/domain/option-search.ts). It answers the bot's last message, as the bubble does: a choice
// is queued like any send (so it works offline) and the thread opens with it. When that message
// can no longer be answered (a newer message came, its ttl ran out, the bot is blocked), the
// screen says so and leads back to the chat.
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { sendButtonChoice, useConversation } from '../../db/ui-surface';
import { expiresAt, isExpired } from '../../domain/read-only-input';
import { useNowPast } from './messages/use-expiry';
import { searchOptions } from '../../domain/option-search';
import { Button } from '../../ui/button';
import { SearchField } from '../../ui/search-field';
import { Spinner } from '../../ui/spinner';
import { MarkupText } from '../../ui/markup-text';
import { useBotParam } from '../bots/use-bot-param';
import { PageHeader } from '../shared/page-header';
import { useT } from '../shared/use-t';
import './option-list.css';

export default function OptionListScreen() {
  const t = useT();
  const navigate = useNavigate();
  const botUuid = useBotParam();
  const conversation = useConversation(botUuid);
  const [query, setQuery] = useState('');
  const last = conversation.value?.last_message ?? null;
  // a ttl that runs out while the list is open closes it at that moment, as the bubble does
  const now = useNowPast(last ? expiresAt(last, last.timestamp) : null);
  const toThread = () => void navigate({ to: '/chat/$botUuid', params: { botUuid }, replace: true });
  const header = <PageHeader title={t('optionList.title')} onFallback={toThread} />;
  if (!conversation.loaded) return <div className="option-list">{header}<Spinner label={t('common.loading')} /></div>;

  const c = conversation.value;
  const open = c !== null && c.block_time === null && last?.type === 'button' && last.from === 'bot' && !isExpired(last, last.timestamp, Math.max(now, Date.now()));
  if (!open || !last) {
    return (
      <div className="option-list">
        {header}
        <main className="option-list__main">
          <p className="option-list__closed" role="status">{t('optionList.closed')}</p>
          <Button onClick={toThread}>{t('optionList.backToChat')}</Button>
        </main>
      </div>
    );
  }
  const options = last.buttons ?? [];
  const shown = searchOptions(options, query);
  return (
    <div className="option-list">
      {header}
      <main className="option-list__main">
        {last.text?.body ? <div className="option-list__question"><MarkupText text={last.text.body} /></div> : null}
        <SearchField
          label={t('optionList.search', { count: options.length })}
          value={query}
          onChange={setQuery}
          onSubmit={setQuery}
          submitLabel={t('optionList.searchSubmit')}
          clearLabel={t('optionList.clear')}
        />
        <p className="option-list__count" role="status">{t('optionList.count', { shown: shown.length, count: options.length })}</p>
        {shown.length === 0 ? (
          <p className="option-list__none">{t('optionList.none', { query: query.trim() })}</p>
        ) : (
          <ul className="option-list__items" aria-label={t('optionList.label')}>
            {shown.map((o) => (
              <li key={o.button_index}>
                <button
                  type="button"
                  className="option-list__option"
                  onClick={() => {
                    void sendButtonChoice(botUuid, o.button_index);
                    toThread();
                  }}
                >
                  {o.icon ? <img className="option-list__icon" src={o.icon} alt="" width={24} height={24} /> : null}
                  <span>{o.body}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
