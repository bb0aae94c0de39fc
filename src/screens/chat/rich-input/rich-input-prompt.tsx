// A bot's input request inside the thread (rich_input date / location / form, and form messages):
// the prompt and one action button. Only the thread's open request (domain/pending-request) has a
// live button; an answered or superseded one shows 'Answered'. A request type the app does not
// know is left to the caller (the not-supported text). A location request while the location
// feature is off for the user (location_enable, custom code) says sharing is not available
// instead of offering the picker, as the attach menu drops its Location item.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { FormSpec, RichInputRequest } from '../../../api/messages';
import type { RequestKind } from '../../../domain/pending-request';
import { useFeatureGate } from '../../../db/ui-surface';
import { DateRequestDialog } from './date-request';
import { FormDialog } from './form-dialog';
import { Spinner } from '../../../ui/spinner';
import { useLocationFlow } from './use-location-flow';
import { useThreadBlocked } from '../thread-blocked';
import './rich-input.css';

export interface RichInputPromptProps {
  botUuid: string;
  kind: RequestKind;
  prompt: string | undefined;
  request: RichInputRequest | undefined;
  form: FormSpec | undefined;
  open: boolean;
}

const ACTION_IDS: Record<RequestKind, string> = {
  date: 'chat.richInput.pickDate',
  location: 'chat.richInput.shareLocation',
  form: 'chat.richInput.fillForm',
};

export function RichInputPrompt({ botUuid, kind, prompt, request, form, open }: RichInputPromptProps) {
  const intl = useIntl();
  const fallback = kind === 'date' ? 'chat.richInput.datePrompt' : kind === 'location' ? 'chat.richInput.locationPrompt' : null;
  const text = prompt || (kind === 'form' ? form?.title : fallback ? intl.formatMessage({ id: fallback }) : '');
  const blocked = useThreadBlocked();
  const locationOn = useFeatureGate().on.location;
  return (
    <div className="rich-input">
      {text && <p className="rich-input__prompt">{text}</p>}
      {open && kind === 'location' && !locationOn ? (
        <p className="rich-input__unavailable" data-testid="location-unavailable">
          <ActionIcon kind={kind} />
          {intl.formatMessage({ id: 'chat.richInput.locationOff' })}
        </p>
      ) : open && blocked ? (
        // the bot is blocked: the request cannot be answered until it is unblocked
        <button type="button" className="rich-input__action" disabled aria-describedby={blocked.describedBy}>
          <ActionIcon kind={kind} />
          {intl.formatMessage({ id: ACTION_IDS[kind] })}
        </button>
      ) : open ? (
        <OpenAction botUuid={botUuid} kind={kind} request={request} form={form} />
      ) : (
        <button type="button" className="rich-input__action" disabled>
          {intl.formatMessage({ id: 'chat.richInput.answered' })}
        </button>
      )}
    </div>
  );
}

function OpenAction({ botUuid, kind, request, form }: { botUuid: string; kind: RequestKind; request: RichInputRequest | undefined; form: FormSpec | undefined }) {
  const intl = useIntl();
  const [dialog, setDialog] = useState(false);
  const location = useLocationFlow(botUuid);
  const onClick = () => {
    if (kind === 'location') location.begin(request?.config);
    else setDialog(true);
  };
  return (
    <>
      <button type="button" className="rich-input__action rich-input__action--live" onClick={onClick} aria-busy={location.fetching || undefined}>
        {location.fetching ? <Spinner size="small" tone="on-brand" /> : <ActionIcon kind={kind} />}
        {intl.formatMessage({ id: ACTION_IDS[kind] })}
      </button>
      {kind === 'location' && location.view}
      {dialog && kind === 'date' && <DateRequestDialog botUuid={botUuid} config={request?.config} onClose={() => setDialog(false)} />}
      {dialog && kind === 'form' && form && <FormDialog botUuid={botUuid} form={form} onClose={() => setDialog(false)} />}
    </>
  );
}

function ActionIcon({ kind }: { kind: RequestKind }) {
  const d =
    kind === 'location'
      ? 'M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z'
      : kind === 'date'
        ? 'M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7zm-2 8h14v10H5V10z'
        : 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm2 4v2h10V7H7zm0 4v2h10v-2H7zm0 4v2h6v-2H7z';
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}
