// button and multi_select_button messages (spec part 1 §3, §4, §5): options laid out by the
// option-layout rule. A button message is answerable only while it is the thread's last message;
// a multi-select until it is answered (src/domain/multi-select.ts multiSelectAnswers: a bot may
// send two in a row, each stays usable), then it shows its answer. With a ttl, either stops
// taking answers at timestamp + ttl, at that moment (useNowPast), with an 'expired' note. A
// button choice goes out 200 ms after the tap (outlined), a multi-select answer with its Send
// button (solid). Many options (the list layout) can also be searched in full screen (/list).
import { useIntl } from 'react-intl';
import { Link } from '@tanstack/react-router';
import { sendButtonChoice, sendMultiSelectResponse, type MessageDoc } from '../../../db/ui-surface';
import { multiSelectAnswers, type MultiSelectAnswer } from '../../../domain/multi-select';
import { optionLayout } from '../../../domain/option-layout';
import { expiresAt, isExpired } from '../../../domain/read-only-input';
import { MarkupText } from '../../../ui/markup-text';
import { MultiSelect } from '../../../ui/messages/multi-select';
import { OptionGroup } from '../../../ui/messages/option-group';
import { useThreadBlocked } from '../thread-blocked';
import type { MessageContext } from './message-context';
import { MessageShell } from './message-shell';
import { useNowPast } from './use-expiry';

/** Whether the message's ttl has run out, re-rendering at the moment it does. */
function useExpired(ctx: MessageContext): boolean {
  const at = expiresAt(ctx.doc.message, ctx.doc.timestamp);
  const now = useNowPast(at);
  return isExpired(ctx.doc.message, ctx.doc.timestamp, Math.max(now, ctx.now));
}

export function ButtonMessage({ ctx }: { ctx: MessageContext }) {
  const intl = useIntl();
  const m = ctx.doc.message;
  const buttons = m.buttons ?? [];
  const expired = useExpired(ctx);
  const blocked = useThreadBlocked();
  const layout = optionLayout(buttons);
  const disabled = !ctx.isLast || expired || blocked !== null;
  return (
    <MessageShell
      ctx={ctx}
      actions={
        <>
          <OptionGroup
            options={buttons.map((b) => ({ key: String(b.button_index), label: b.body, ...(b.icon ? { icon: b.icon } : {}) }))}
            layout={layout}
            disabled={disabled}
            describedBy={blocked?.describedBy}
            label={intl.formatMessage({ id: 'chat.options.label' })}
            note={expired && ctx.isLast ? intl.formatMessage({ id: 'chat.options.expired' }) : null}
            onChoose={(key) => void sendButtonChoice(ctx.botUuid, Number(key))}
          />
          {/* many options (the list layout): all of them in full screen, with a search (/list) */}
          {layout === 'list' && !disabled && (
            <Link className="msg-options__all" to="/list" search={{ bot: ctx.botUuid }}>
              {intl.formatMessage({ id: 'chat.options.searchAll' }, { count: buttons.length })}
            </Link>
          )}
        </>
      }
    >
      <MarkupText text={m.text?.body ?? ''} />
    </MessageShell>
  );
}

/** The pairing of the window's multi-selects with their answers, once per window. */
const answersOf = new WeakMap<readonly MessageDoc[], Map<number, MultiSelectAnswer>>();
function answerOf(docs: readonly MessageDoc[], index: number): MultiSelectAnswer | undefined {
  let answers = answersOf.get(docs);
  if (!answers) {
    answers = multiSelectAnswers(docs.map((d) => ({ ...d.message, from: d.from, type: d.type, message_id: d.message_id ?? d.message.message_id })));
    answersOf.set(docs, answers);
  }
  return answers.get(index);
}

export function MultiSelectMessage({ ctx }: { ctx: MessageContext }) {
  const intl = useIntl();
  const m = ctx.doc.message;
  const buttons = m.buttons ?? [];
  const expired = useExpired(ctx);
  const answer = answerOf(ctx.docs, ctx.index);
  const messageId = ctx.doc.message_id ?? m.message_id;
  const blocked = useThreadBlocked();
  const hint = answer ? 'chat.multiSelect.answered' : expired ? 'chat.options.expired' : 'chat.multiSelect.hint';
  return (
    <MessageShell
      ctx={ctx}
      actions={
        <MultiSelect
          // a new answer (another device, a reload) shows at once
          key={answer ? `answered-${answer.responseIndex}` : 'open'}
          options={buttons.map((b) => ({ index: b.button_index, label: b.body, ...(b.icon ? { icon: b.icon } : {}) }))}
          layout={optionLayout(buttons, true)}
          disabled={answer !== undefined || expired || blocked !== null}
          describedBy={blocked?.describedBy}
          chosen={answer?.button_indices}
          allowCustom={m.allow_custom_response === true}
          labels={{
            group: intl.formatMessage({ id: 'chat.options.label' }),
            custom: intl.formatMessage({ id: 'chat.multiSelect.custom' }),
            send: intl.formatMessage({ id: 'chat.multiSelect.send' }),
            hint: intl.formatMessage({ id: hint }),
          }}
          onSend={(reply) => void sendMultiSelectResponse(ctx.botUuid, messageId ? { ...reply, reply_to: messageId } : reply)}
        />
      }
    >
      <MarkupText text={m.text?.body ?? ''} />
    </MessageShell>
  );
}
