// In place of the input while the user has blocked the bot (spec part 1 §4 "Bot lists"): what
// the block means and Unblock. Unblocking goes through the bot-action queue like the profile's
// button: applied at once (the input comes back), sent now or when the network returns; a
// refusal puts the block back and says so in the action toast.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { runBotAction } from '../../db/ui-surface';
import { Button } from '../../ui/button';
import { ActionToast } from '../bots/action-toast';
import './blocked-bar.css';

/** `textId`: the id of the notice, which the thread's disabled controls name as their reason (aria-describedby). */
export function BlockedBar({ botUuid, botName, textId }: { botUuid: string; botName: string; textId?: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const unblock = async () => {
    setBusy(true);
    try {
      await runBotAction(botUuid, { kind: 'unblock' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="blocked-bar">
      <div className="blocked-bar__inner">
        <p className="blocked-bar__text" role="note" id={textId}>{intl.formatMessage({ id: 'chat.blocked.notice' }, { name: botName })}</p>
        <Button variant="secondary" pending={busy} onClick={() => void unblock()}>
          {intl.formatMessage({ id: 'botInfo.unblock' })}
        </Button>
      </div>
      <ActionToast />
    </div>
  );
}
