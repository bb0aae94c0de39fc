// The bubble body of the message types this folder owns (rich_input, form, location, date,
// form_response), so message-content.tsx needs one call. Answers null for any other type, and for
// a rich_input of an unknown type (the caller then shows the not-supported text).
import type { ReactNode } from 'react';
import type { ChatMessage } from '../../../api/messages';
import { isOpenRequest, requestKindOf, type ThreadFacts } from '../../../domain/pending-request';
import { DateMessage } from './date-message';
import { FormResponseMessage } from './form-response-message';
import { LocationMessage } from './location-message';
import { RichInputPrompt } from './rich-input-prompt';

export interface RequestDoc {
  from: 'user' | 'bot';
  type: string;
  message: ChatMessage;
}

const facts = (d: RequestDoc): ThreadFacts => ({
  from: d.from,
  type: d.type,
  rich_input: d.message.rich_input,
  form: d.message.form,
  form_response: d.message.form_response,
});

export function requestBody(doc: RequestDoc, docs: readonly RequestDoc[], index: number, botUuid: string): ReactNode | null {
  const m = doc.message;
  switch (doc.type) {
    case 'location':
      return m.location ? <LocationMessage location={m.location} /> : null;
    case 'date':
      return m.date ? <DateMessage date={m.date} /> : null;
    case 'form_response': {
      if (!m.form_response) return null;
      const id = m.form_response.form_id;
      let form;
      for (let i = index - 1; i >= 0 && !form; i--) {
        const o = docs[i]!.message;
        form = [o.form, o.rich_input?.form].find((f) => f?.form_id === id);
      }
      return <FormResponseMessage response={m.form_response} form={form} />;
    }
    case 'rich_input':
    case 'form': {
      const kind = requestKindOf(facts(doc));
      if (!kind) return null;
      const open = isOpenRequest(docs.map(facts), index);
      return <RichInputPrompt botUuid={botUuid} kind={kind} prompt={m.text?.body} request={m.rich_input} form={m.form ?? m.rich_input?.form} open={open} />;
    }
    default:
      return null;
  }
}
