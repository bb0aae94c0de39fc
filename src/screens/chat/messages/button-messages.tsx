// button and multi_select_button messages (spec part 1 §3, §4, §5): options laid out by the
// option-layout rule; answerable only while it is the thread's last message and, with a ttl,
// until timestamp + ttl; a button choice goes out 200 ms after the tap (outlined), a multi-select
// answer with its Send button (solid).
import { useIntl } from 'react-intl';
import { sendButtonChoice, sendMultiSelectResponse } from '../../../db/ui-surface';
import { optionLayout } from '../../../domain/option-layout';
import { MarkupText } from '../../../ui/markup-text';
import { MultiSelect } from '../../../ui/messages/multi-select';
import { OptionGroup } from '../../../ui/messages/option-group';
import type { MessageContext } from './message-context';
import { MessageShell } from './message-shell';

/** A button message with a ttl (seconds) stops taking answers at timestamp + ttl. */
export function isExpired(message: { ttl?: number | undefined }, timestamp: number, now: number): boolean {
  return typeof message.ttl === 'number' && message.ttl > 0 && now >= timestamp + message.ttl * 1000;
}

export function ButtonMessage({ ctx }: { ctx: MessageContext }) {
  const intl = useIntl();
  const m = ctx.doc.message;
  const buttons = m.buttons ?? [];
  const expired = isExpired(m, ctx.doc.timestamp, ctx.now);
  return (
    <MessageShell
      ctx={ctx}
      actions={
        <OptionGroup
          options={buttons.map((b) => ({ key: String(b.button_index), label: b.body, ...(b.icon ? { icon: b.icon } : {}) }))}
          layout={optionLayout(buttons)}
          disabled={!ctx.isLast || expired}
          label={intl.formatMessage({ id: 'chat.options.label' })}
          note={expired && ctx.isLast ? intl.formatMessage({ id: 'chat.options.expired' }) : null}
          onChoose={(key) => void sendButtonChoice(ctx.botUuid, Number(key))}
        />
      }
    >
      <MarkupText text={m.text?.body ?? ''} />
    </MessageShell>
  );
}

export function MultiSelectMessage({ ctx }: { ctx: MessageContext }) {
  const intl = useIntl();
  const m = ctx.doc.message;
  const buttons = m.buttons ?? [];
  const expired = isExpired(m, ctx.doc.timestamp, ctx.now);
  return (
    <MessageShell
      ctx={ctx}
      actions={
        <MultiSelect
          options={buttons.map((b) => ({ index: b.button_index, label: b.body, ...(b.icon ? { icon: b.icon } : {}) }))}
          layout={optionLayout(buttons, true)}
          disabled={!ctx.isLast || expired}
          allowCustom={m.allow_custom_response === true}
          labels={{
            group: intl.formatMessage({ id: 'chat.options.label' }),
            custom: intl.formatMessage({ id: 'chat.multiSelect.custom' }),
            send: intl.formatMessage({ id: 'chat.multiSelect.send' }),
            hint: intl.formatMessage({ id: expired ? 'chat.options.expired' : 'chat.multiSelect.hint' }),
          }}
          onSend={(reply) => void sendMultiSelectResponse(ctx.botUuid, reply)}
        />
      }
    >
      <MarkupText text={m.text?.body ?? ''} />
    </MessageShell>
  );
}
