// The input under the thread: sends through sendText (durable at once, delivered by the engine
// now or once back online), clears only on success, shows a refused send under the input, and is
// read-only while the bot waits for an option, a form, or while the menu is open
// (src/domain/read-only-input.ts); a question whose ttl ran out no longer holds it, from that
// moment on (useNowPast). Text-field rules (spec part 1 §5, src/domain/text-field.ts):
// blank after trimming is nothing to send, input is cut at MESSAGE_TEXT_MAX_CHARS code points,
// the 'n/max' counter shows from 90 % of the limit, an error shows only while the field has
// content. The bot's persistent menu sits in front of the text area. The attach menu's Location
// shares the device position (spec part 1 §4 "Location sharing") while the feature gate has
// location on (location_enable, or a custom code).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { sendMenuChoice, sendText, useFeatureGate, type MessageDoc } from '../../db/ui-surface';
import { MESSAGE_TEXT_MAX_CHARS } from '../../domain/constants';
import { expiresAt, isExpired, isInputReadOnly } from '../../domain/read-only-input';
import { applyMaxLength, counterText, shouldShowError, textLength } from '../../domain/text-field';
import { ChatInput } from '../../ui/chat-input';
import { PersistentMenu } from '../../ui/messages/persistent-menu';
import { useOnline } from '../shared/use-online';
import { AttachControl } from './attach-control';
import { useNowPast } from './messages/use-expiry';
import { useSound } from '../shared/use-sound';
import { useLocationFlow } from './rich-input/use-location-flow';

/** The counter appears once the text reaches this share of the limit. */
export const COUNTER_FROM = Math.floor(MESSAGE_TEXT_MAX_CHARS * 0.9);

export interface ChatComposerProps {
  botUuid: string;
  botName: string;
  lastMessage: MessageDoc | null;
  /** The newest persistent_menu message of the thread, if any. */
  menu: MessageDoc | null;
}

export function ChatComposer({ botUuid, botName, lastMessage, menu }: ChatComposerProps) {
  const intl = useIntl();
  const online = useOnline();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const m = lastMessage?.message;
  const now = useNowPast(lastMessage && m ? expiresAt(m, lastMessage.timestamp) : null);
  const expired = !!lastMessage && !!m && isExpired(m, lastMessage.timestamp, now);
  const readOnly = isInputReadOnly({
    lastMessage: lastMessage && m
      ? {
          type: lastMessage.type,
          from: lastMessage.from,
          allow_custom_response: m.allow_custom_response,
          action: m.action ?? (m.actions && m.actions.length > 0 ? m.actions : undefined),
          rich_input_type: m.rich_input?.type,
          ttl: m.ttl,
          timestamp: lastMessage.timestamp,
        }
      : null,
    menuOpen,
    multiSelectActive: lastMessage?.from === 'bot' && lastMessage.type === 'multi_select_button' && !expired,
    now,
  });

  const playSound = useSound();
  const locationOn = useFeatureGate().on.location;
  const location = useLocationFlow(botUuid);
  // The input is emptied as the send starts, not when it settles: clearing it afterwards wiped the
  // next text a quick typist had already written (and sent nothing: the input was busy). Sends
  // started back to back keep their order (each takes its id and time when it starts).
  const send = async () => {
    const sent = text;
    setText('');
    setError(null);
    const result = await sendText(botUuid, sent);
    if (result.ok) {
      playSound('sent');
      return;
    }
    // refused here (too long, no session…): the text comes back with the reason, unless the
    // user has started another one meanwhile
    setText((current) => (current === '' ? sent : current));
    const { textId, values } = result.error;
    setError(intl.formatMessage({ id: textId ?? 'chat.input.sendFailed' }, values));
  };

  const length = textLength(text);
  const counter = length >= COUNTER_FROM
    ? { text: counterText(text, MESSAGE_TEXT_MAX_CHARS), label: intl.formatMessage({ id: 'chat.input.counter' }, { n: length, max: MESSAGE_TEXT_MAX_CHARS }) }
    : null;
  const menuOptions = (menu?.message.buttons ?? []).map((b) => ({ index: b.button_index, label: b.body }));

  return (
    <div className="chat-composer">
      <AttachControl botUuid={botUuid} disabled={readOnly} onLocation={locationOn ? () => location.begin(undefined) : undefined} />
      {location.view}
      <ChatInput
        value={text}
        onChange={(v) => {
          setText(applyMaxLength(v, MESSAGE_TEXT_MAX_CHARS));
          if (error) setError(null);
        }}
        onSend={() => void send()}
        label={intl.formatMessage({ id: 'chat.input.label' })}
        placeholder={intl.formatMessage({ id: 'chat.input.placeholder' })}
        sendLabel={intl.formatMessage({ id: 'chat.input.send' })}
        readOnly={readOnly}
        readOnlyHint={intl.formatMessage({ id: 'chat.input.readOnly' })}
        error={shouldShowError({ value: text, error }) ? error : null}
        notice={online ? null : intl.formatMessage({ id: 'chat.offline' })}
        counter={counter}
        leading={
          menuOptions.length > 0 ? (
            <PersistentMenu
              options={menuOptions}
              open={menuOpen}
              onOpenChange={setMenuOpen}
              onChoose={(index) => void sendMenuChoice(botUuid, index)}
              labels={{ button: intl.formatMessage({ id: 'chat.menu.open' }), menu: intl.formatMessage({ id: 'chat.menu.label' }, { name: botName }) }}
            />
          ) : null
        }
      />
    </div>
  );
}
