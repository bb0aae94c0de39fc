// Renderers of the message types that need no input of their own: text, the user's responses
// (button, multi-select, persistent menu), the persistent menu's prompt, cards, products,
// catalogues, the cart, the scorecard, and the not-supported notice.
import { useRouter } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { ActionButton, MediaRef } from '../../../api/messages';
import { MSG } from '../../../domain/errors';
import { formatMoney } from '../../../domain/money';
import { paymentScreenState } from '../../../domain/payments';
import { usePaymentRequest } from '../../../db/hooks';
import { sendText, useFeatureGate } from '../../../db/ui-surface';
import { MarkupText } from '../../../ui/markup-text';
import { ActionButtons } from '../../../ui/messages/action-buttons';
import { BoldRunsText } from '../../../ui/messages/bold-runs-text';
import { CardCarousel } from '../../../ui/messages/card-carousel';
import { CartSummary } from '../../../ui/messages/cart-summary';
import { CatalogList } from '../../../ui/messages/catalog-list';
import { ProductList } from '../../../ui/messages/product-list';
import { ScorecardView } from '../../../ui/messages/scorecard-view';
import { boldRuns, chosenLabels } from '../thread-items';
import { requestBody } from '../rich-input/request-body';
import { ImageView, MediaMessage } from '../media-message';
import type { MessageContext } from './message-context';
import { MessageShell } from './message-shell';

type Props = { ctx: MessageContext };

/** The pictures of cards and products: the media tile and the image, like an image message's. */
const picture = (media: MediaRef, label: string) => <ImageView media={media} alt={label} />;

export function TextMessage({ ctx }: Props) {
  return (
    <MessageShell ctx={ctx}>
      <MarkupText text={ctx.doc.message.text?.body ?? ''} />
    </MessageShell>
  );
}

/** button_response, persistent_menu_response, multi_select_button_response: the chosen options' text. */
export function ResponseMessage({ ctx }: Props) {
  const intl = useIntl();
  const m = ctx.doc.message;
  const labels = chosenLabels(ctx.docs, ctx.index)
    ?? (m.button_indices ?? (m.button_index === undefined ? [] : [m.button_index])).map((i) => intl.formatMessage({ id: 'chat.buttonResponse.option' }, { n: i + 1 }));
  const parts = [...labels, ...(m.custom_response ? [m.custom_response] : [])];
  return <MessageShell ctx={ctx}>{parts.join(', ')}</MessageShell>;
}

export function PersistentMenuMessage({ ctx }: Props) {
  const intl = useIntl();
  const text = ctx.doc.message.text?.body;
  return (
    <MessageShell ctx={ctx}>
      {text ? <MarkupText text={text} /> : null}
      <span className="thread-menu-note">{intl.formatMessage({ id: 'chat.menu.prompt' })}</span>
    </MessageShell>
  );
}

/**
 * What a tap on a website button does besides opening the link, by the remote flag: with
 * web_button_tap_to_send_flag (action messages) or web_button_tap_to_send_flag_2 (cards) on, the
 * button's label goes to the bot as the user's message (queued like any send, so offline it
 * waits), so the bot knows which link was opened and can follow up.
 */
function useWebTap(botUuid: string, on: boolean): ((button: ActionButton) => void) | undefined {
  return on ? (button) => void sendText(botUuid, button.body) : undefined;
}

/** Pushes an app path with a query (routes for the cart and catalogue arrive with the shop screens). */
function useOpenPath(): (href: string) => void {
  const router = useRouter();
  return (href) => router.history.push(href);
}

export function ActionMessage({ ctx }: Props) {
  const intl = useIntl();
  const open = useOpenPath();
  const m = ctx.doc.message;
  const buttons = m.actions ?? (m.action ? [{ body: m.text?.body ?? '', action: m.action }] : []);
  const onWebTap = useWebTap(ctx.botUuid, useFeatureGate().tapToSend);
  return (
    <MessageShell
      ctx={ctx}
      actions={<ActionButtons buttons={buttons} label={intl.formatMessage({ id: 'chat.actions.label' })} newTabHint={intl.formatMessage({ id: 'chat.actions.newTab' })} onViewCart={() => open(`/cart?bot=${ctx.botUuid}`)} onWebTap={onWebTap} />}
    >
      {m.text?.body ? <MarkupText text={m.text.body} /> : null}
    </MessageShell>
  );
}

export function CardMessage({ ctx }: Props) {
  const intl = useIntl();
  const open = useOpenPath();
  const m = ctx.doc.message;
  const onWebTap = useWebTap(ctx.botUuid, useFeatureGate().tapToSend2);
  return (
    <MessageShell
      ctx={ctx}
      actions={
        <CardCarousel
          onWebTap={onWebTap}
          cards={m.card?.cards ?? []}
          label={intl.formatMessage({ id: 'chat.cards.label' })}
          actionsLabel={intl.formatMessage({ id: 'chat.actions.label' })}
          newTabHint={intl.formatMessage({ id: 'chat.actions.newTab' })}
          onViewCart={() => open(`/cart?bot=${ctx.botUuid}`)}
          renderImage={picture}
        />
      }
    >
      {m.text?.body ? <MarkupText text={m.text.body} /> : null}
    </MessageShell>
  );
}

export function ProductListMessage({ ctx }: Props) {
  const intl = useIntl();
  const m = ctx.doc.message;
  return (
    <MessageShell ctx={ctx}>
      {m.text?.body ? <MarkupText text={m.text.body} /> : null}
      <ProductList products={m.product_list?.products ?? []} label={intl.formatMessage({ id: 'chat.products.label' })} renderImage={picture} />
    </MessageShell>
  );
}

export function CatalogListMessage({ ctx }: Props) {
  const intl = useIntl();
  const open = useOpenPath();
  const m = ctx.doc.message;
  return (
    <MessageShell ctx={ctx}>
      {m.text?.body ? <MarkupText text={m.text.body} /> : null}
      <CatalogList catalogs={m.catalog_list?.catalogs ?? []} label={intl.formatMessage({ id: 'chat.catalogs.label' })} onOpen={(id) => open(`/catalog?bot=${encodeURIComponent(ctx.botUuid)}&catalog=${encodeURIComponent(id)}`)} />
    </MessageShell>
  );
}

export function CartMessage({ ctx }: Props) {
  const intl = useIntl();
  const open = useOpenPath();
  const cart = ctx.doc.message.cart;
  const summary = cart ? intl.formatMessage({ id: 'chat.cart.summary' }, { count: cart.item_count, total: formatMoney(cart.total) }) : '';
  return (
    <MessageShell ctx={ctx}>
      {ctx.doc.message.text?.body ? <MarkupText text={ctx.doc.message.text.body} /> : null}
      <CartSummary summary={summary} viewLabel={intl.formatMessage({ id: 'chat.cart.view' })} onView={() => open(`/cart?bot=${encodeURIComponent(ctx.botUuid)}`)} />
    </MessageShell>
  );
}

/**
 * payment_request (issue 15): the bot's bill and a Pay button that opens the same checkout as the
 * cart's "Place order" (/checkout?pr=). Once the server said the bill is paid or not (as last
 * stored on the device), that line shows instead of the button (a failed bill is not paid again:
 * the bot sends a new one).
 */
export function PaymentRequestMessage({ ctx }: Props) {
  const intl = useIntl();
  const open = useOpenPath();
  const bill = ctx.doc.message.payment_request;
  const known = usePaymentRequest(bill?.payment_request_id ?? '').data?.payment_request.status;
  if (!bill) return <UnsupportedMessage ctx={ctx} />;
  const state = known ? paymentScreenState(known) : 'processing';
  const amount = formatMoney(bill.amount);
  return (
    <MessageShell ctx={ctx}>
      {ctx.doc.message.text?.body ? <MarkupText text={ctx.doc.message.text.body} /> : null}
      {state !== 'processing' && <p className="msg-bill__status">{intl.formatMessage({ id: state === 'success' ? 'chat.bill.paid' : 'chat.bill.failed' })}</p>}
      {state === 'processing' && (
        <CartSummary summary={amount} viewLabel={intl.formatMessage({ id: 'checkout.pay' }, { amount })}
          onView={() => open(`/checkout?bot=${encodeURIComponent(ctx.botUuid)}&pr=${encodeURIComponent(bill.payment_request_id)}`)} />
      )}
    </MessageShell>
  );
}

export function ScorecardMessage({ ctx }: Props) {
  const intl = useIntl();
  const s = ctx.doc.message.scorecard;
  return (
    <MessageShell ctx={ctx}>
      <ScorecardView title={s?.title ?? ''} scoreText={intl.formatMessage({ id: 'chat.scorecard.score' }, { score: s?.score ?? 0, total: s?.total ?? 0 })} rows={s?.rows} />
    </MessageShell>
  );
}

/** Unknown types and unsupported rich-input subtypes (spec part 1 §5, §8). */
export function UnsupportedMessage({ ctx }: Props) {
  const intl = useIntl();
  return (
    <MessageShell ctx={ctx} tone="notice">
      <BoldRunsText runs={boldRuns(intl.formatMessage({ id: MSG.unsupportedMessageType }))} />
    </MessageShell>
  );
}

/** Media types: the media tile (media-message.tsx) in the message's frame. */
/** image, audio, video, video_stream, document, media_list, youtube, article: the media tile and its kin (../media-message.tsx). */
export function MediaPlaceholderMessage({ ctx }: Props) {
  return <MessageShell ctx={ctx}><MediaMessage doc={ctx.doc} /></MessageShell>;
}

/** date / location / form requests and answers: their renderers (rich-input/), else a plain summary. */
export function RequestPlaceholderMessage({ ctx }: Props) {
  const intl = useIntl();
  const m = ctx.doc.message;
  let body: React.ReactNode = requestBody(ctx.doc, ctx.docs, ctx.index, ctx.botUuid);
  if (body !== null) return <MessageShell ctx={ctx}>{body}</MessageShell>;
  if (m.date) body = `${m.date.day}/${m.date.month}/${m.date.year}`;
  else if (m.location) body = m.location.address ?? `${m.location.latitude}, ${m.location.longitude}`;
  else {
    const text = m.text?.body ?? m.form?.title ?? m.rich_input?.form?.title ?? '';
    body = text ? <MarkupText text={text} /> : intl.formatMessage({ id: 'chat.placeholder.request' });
  }
  return <MessageShell ctx={ctx}>{body}</MessageShell>;
}
