// What one stored message shows, by type (spec part 1 §3 message types): one switch from the
// type to its renderer, so each kind of message lives in its own small component. Media types
// and the date / location / form requests route to placeholders that their own work replaces
// (one line each below). Texts are React text nodes only: no HTML from a message is injected.
import { ButtonMessage, MultiSelectMessage } from './messages/button-messages';
import type { MessageContext } from './messages/message-context';
import {
  ActionMessage,
  CardMessage,
  CartMessage,
  CatalogListMessage,
  MediaPlaceholderMessage,
  PaymentRequestMessage,
  PersistentMenuMessage,
  ProductListMessage,
  RequestPlaceholderMessage,
  ResponseMessage,
  ScorecardMessage,
  TextMessage,
  UnsupportedMessage,
} from './messages/simple-messages';

export type { MessageContext } from './messages/message-context';

/** rich_input subtypes the app answers (spec part 1 §3); any other shows the not-supported text. */
const SUPPORTED_RICH_INPUT = new Set(['date', 'location', 'form']);

export function ThreadMessage({ ctx }: { ctx: MessageContext }) {
  switch (ctx.doc.type) {
    case 'text':
      return <TextMessage ctx={ctx} />;
    case 'button':
      return <ButtonMessage ctx={ctx} />;
    case 'multi_select_button':
      return <MultiSelectMessage ctx={ctx} />;
    case 'button_response':
    case 'multi_select_button_response':
    case 'persistent_menu_response':
      return <ResponseMessage ctx={ctx} />;
    case 'persistent_menu':
      return <PersistentMenuMessage ctx={ctx} />;
    case 'action':
      return <ActionMessage ctx={ctx} />;
    case 'card':
      return <CardMessage ctx={ctx} />;
    case 'product_list':
      return <ProductListMessage ctx={ctx} />;
    case 'catalog_list':
      return <CatalogListMessage ctx={ctx} />;
    case 'cart':
      return <CartMessage ctx={ctx} />;
    case 'scorecard':
      return <ScorecardMessage ctx={ctx} />;
    case 'payment_request':
      return <PaymentRequestMessage ctx={ctx} />;
    // media (media-message.tsx)
    case 'image':
    case 'audio':
    case 'video':
    case 'video_stream':
    case 'document':
    case 'media_list':
    case 'youtube':
    case 'article':
      return <MediaPlaceholderMessage ctx={ctx} />;
    // requests and answers (rich-input/)
    case 'rich_input':
      return SUPPORTED_RICH_INPUT.has(ctx.doc.message.rich_input?.type ?? '') ? <RequestPlaceholderMessage ctx={ctx} /> : <UnsupportedMessage ctx={ctx} />;
    case 'date':
    case 'location':
    case 'form':
    case 'form_response':
      return <RequestPlaceholderMessage ctx={ctx} />;
    default:
      return <UnsupportedMessage ctx={ctx} />;
  }
}
