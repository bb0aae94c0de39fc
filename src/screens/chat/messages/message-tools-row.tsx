// The tools row under a bot message: rating controls when the message asks for a rating
// (rating_type thumbs or stars) and Save. A rating or save is durable at once (queued in the
// 'message-intents' local document) and sent by the engine now or when the network returns; a
// refused rating shows 'Error sending Message Rating' (spec part 1 §8 operation errors) and the
// controls come back so the user can try again.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { rateMessage, saveMessage, useMessageIntents } from '../../../db/ui-surface';
import { MSG } from '../../../domain/errors';
import { MessageTools } from '../../../ui/messages/message-tools';
import type { MessageContext } from './message-context';

export function MessageToolsRow({ ctx }: { ctx: MessageContext }) {
  const intl = useIntl();
  const intents = useMessageIntents();
  const { doc, botUuid } = ctx;
  const sk = doc.message.sk;
  const rate = useMemo(() => intents.items.find((i) => i.kind === 'rate' && i.bot_uuid === botUuid && i.sk === sk), [intents, botUuid, sk]);
  const save = useMemo(() => intents.items.find((i) => i.kind === 'save' && i.bot_uuid === botUuid && i.sk === sk && i.value === 0), [intents, botUuid, sk]);
  const ratingType = doc.message.rating_type === 'thumbs' || doc.message.rating_type === 'stars' ? doc.message.rating_type : null;
  // rated here (queued or done), or rated on another device (is_rated, value unknown: shown as done)
  const rating = rate && rate.state !== 'failed' ? rate.value : doc.message.is_rated ? 0 : null;
  return (
    <>
      <MessageTools
        ratingType={ratingType}
        rating={rating}
        saved={save !== undefined && save.state !== 'failed'}
        labels={{
          group: intl.formatMessage({ id: 'chat.tools.label' }),
          up: intl.formatMessage({ id: 'chat.rating.up' }),
          down: intl.formatMessage({ id: 'chat.rating.down' }),
          star: (n) => intl.formatMessage({ id: 'chat.rating.star' }, { n }),
          save: intl.formatMessage({ id: 'chat.tools.save' }),
          saved: intl.formatMessage({ id: 'chat.tools.saved' }),
        }}
        onRate={(value) => void rateMessage(botUuid, sk, value)}
        onSave={() => void saveMessage(botUuid, sk, 0)}
      />
      {rate?.state === 'failed' && <p className="thread-tools-error" role="alert">{intl.formatMessage({ id: MSG.operation.messageRating })}</p>}
      {save?.state === 'failed' && <p className="thread-tools-error" role="alert">{intl.formatMessage({ id: 'chat.tools.saveFailed' })}</p>}
    </>
  );
}
