// The blocked or archived bots (from the conversations collection), each with its undo button.
import { useNavigate } from '@tanstack/react-router';
import { runBotAction, useConversations } from '../../db/ui-surface';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ActionToast } from './action-toast';
import { PageHeader } from './page-header';
import './bots.css';
import { useT } from '../shared/use-t';

export function BotListView({ list }: { list: 'blocked' | 'archived' }) {
  const t = useT();
  const navigate = useNavigate();
  const conversations = useConversations().value;
  const shown = conversations.filter((c) => (list === 'blocked' ? c.block_time !== null : c.archive_time !== null && c.block_time === null));
  return (
    <div className="bots-page">
      <PageHeader title={t(`lists.${list}.title`)} />
      <main className="bots-main">
        {shown.length === 0 ? (
          <EmptyState title={t(`lists.${list}.empty`)} />
        ) : (
          <ul className="bots-card bots-list" data-testid={`${list}-list`}>
            {shown.map((c) => (
              <li key={c.bot_uuid} className="bots-list__row">
                <button type="button" className="bots-list__open" onClick={() => void navigate({ to: '/bot-info', search: { bot: c.bot_uuid } })}>
                  <Avatar name={c.name || '?'} src={c.icon} size="small" />
                  <span className="bots-list__name">{c.name}</span>
                </button>
                <Button variant="secondary" aria-label={t(list === 'blocked' ? 'lists.unblockName' : 'lists.unarchiveName', { name: c.name })}
                  onClick={() => void runBotAction(c.bot_uuid, { kind: list === 'blocked' ? 'unblock' : 'unarchive' })}>
                  {t(list === 'blocked' ? 'botInfo.unblock' : 'botInfo.unarchive')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </main>
      <ActionToast />
    </div>
  );
}
