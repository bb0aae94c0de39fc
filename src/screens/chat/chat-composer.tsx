// The input under the thread: sends through sendText (durable at once, delivered by the engine
// now or once back online), clears only on success, shows a refused send under the input, and is
// read-only while the bot waits for an option (src/domain/read-only-input.ts).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { sendText, type MessageDoc } from '../../db/ui-surface';
import { isInputReadOnly } from '../../domain/read-only-input';
import { ChatInput } from '../../ui/chat-input';
import { useOnline } from '../shared/use-online';
import { AttachControl } from './attach-control';

export function ChatComposer({ botUuid, lastMessage }: { botUuid: string; lastMessage: MessageDoc | null }) {
  const intl = useIntl();
  const online = useOnline();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = isInputReadOnly({
    lastMessage: lastMessage
      ? { type: lastMessage.type, from: lastMessage.from, allow_custom_response: lastMessage.message.allow_custom_response, action: lastMessage.message.action }
      : null,
    menuOpen: false,
    multiSelectActive: false,
  });

  const send = async () => {
    setBusy(true);
    const result = await sendText(botUuid, text);
    setBusy(false);
    if (result.ok) {
      setText('');
      setError(null);
      return;
    }
    const { textId, values } = result.error;
    setError(intl.formatMessage({ id: textId ?? 'chat.input.sendFailed' }, values));
  };

  return (
    <div className="chat-composer">
      <AttachControl botUuid={botUuid} disabled={readOnly} />
      <ChatInput
        value={text}
        onChange={(v) => {
          setText(v);
          if (error) setError(null);
        }}
        onSend={() => void send()}
        label={intl.formatMessage({ id: 'chat.input.label' })}
        placeholder={intl.formatMessage({ id: 'chat.input.placeholder' })}
        sendLabel={intl.formatMessage({ id: 'chat.input.send' })}
        readOnly={readOnly}
        readOnlyHint={intl.formatMessage({ id: 'chat.input.readOnly' })}
        error={error}
        notice={online ? null : intl.formatMessage({ id: 'chat.offline' })}
        busy={busy}
      />
    </div>
  );
}
