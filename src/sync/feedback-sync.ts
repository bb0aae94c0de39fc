// App feedback and app FAQs in the engine (spec part 1 §2 settings, §7 send-feedback, get-faqs,
// "feedback screenshot upload details"; §8 'Error sending feedback'). Feedback is online only:
// it is not queued (the screen says so offline). A screenshot is uploaded first the way chat
// attachments are (get-media-upload-details with purpose 'feedback', then the multipart post,
// 204 only), then send-feedback names it. The FAQs are read into the 'app-faqs' local document by
// language, so the /faqs screen shows them offline after the first read.
import { UPLOAD_SUCCESS_STATUS } from '../domain/constants';
import type { AppError } from '../domain/error-types';
import type { RouteName } from '../api/contract';
import type { LanguageCode } from '../db/local-docs';
import { BadStatusError, CancelError, noResponseError, operationError } from '../domain/errors';
import type { AppDatabase } from '../db/database';
import { failed, ok, type CommandResult } from '../db/command-result';
import { modifyLocalDoc } from '../db/local-store';
import type { Clock, HttpClient } from './http-client';
import { defaultUploadTransport, type UploadTransport } from './media';

export interface FeedbackInput {
  does_like: boolean;
  content: string;
  /** '' when none */
  email: string;
  /** an image the user picked, or null */
  screenshot: Blob | null;
}

export interface FeedbackFlows {
  /** Uploads the screenshot (if any) and sends the feedback; failed with the §8 text when refused. */
  sendFeedback(input: FeedbackInput): Promise<CommandResult>;
  /** Reads the app's FAQs in the language into 'app-faqs' (what was there stays when this fails). */
  loadAppFaqs(language: LanguageCode): Promise<CommandResult>;
}

export interface FeedbackDeps {
  db: AppDatabase;
  http: HttpClient;
  clock: Clock;
  fetch: typeof fetch;
  origin: string;
  upload?: UploadTransport | undefined;
  /** the session rules for a failed call (401, 440) */
  report(route: RouteName, err: unknown): Promise<AppError>;
}

export function createFeedbackFlows(deps: FeedbackDeps): FeedbackFlows {
  const { db, http, clock } = deps;
  const upload = deps.upload ?? defaultUploadTransport(deps.fetch);
  const absolute = (url: string) => (/^https?:/.test(url) ? url : `${deps.origin}${url}`);

  async function refusal(route: RouteName, err: BadStatusError): Promise<AppError> {
    // 401 and 440 follow the session rules (and their dialogs); any other refusal is the §8 text
    if (err.status === 401 || err.status === 440) return deps.report(route, err);
    return operationError('sendFeedback', err.status, err.message);
  }

  async function uploadScreenshot(blob: Blob): Promise<string> {
    const contentType = blob.type || 'image/png';
    const answer = await http.call('getMediaUploadDetails', { content_type: contentType, purpose: 'feedback' });
    const screenshotUuid = answer.screenshot_uuid ?? answer.media_uuid;
    const form = new FormData();
    for (const [k, v] of Object.entries(answer.upload_details.s3_fields)) form.append(k, String(v));
    if (!Object.keys(answer.upload_details.s3_fields).some((k) => k.toLowerCase() === 'content-type')) form.append('Content-Type', contentType);
    form.append('file', blob, 'screenshot');
    const status = await upload(absolute(answer.upload_details.url), form, () => {}, new AbortController().signal);
    if (status !== UPLOAD_SUCCESS_STATUS) throw new BadStatusError(status);
    return screenshotUuid;
  }

  return {
    async sendFeedback(input) {
      let route: RouteName = 'getMediaUploadDetails';
      try {
        const screenshotUuid = input.screenshot ? await uploadScreenshot(input.screenshot) : undefined;
        route = 'sendFeedback';
        await http.call('sendFeedback', {
          does_like: input.does_like,
          content: input.content.trim(),
          email: input.email.trim(),
          ...(screenshotUuid !== undefined ? { screenshot_uuid: screenshotUuid } : {}),
        });
        return ok();
      } catch (err) {
        if (err instanceof BadStatusError) return failed(await refusal(route, err));
        if (err instanceof CancelError) return failed(operationError('sendFeedback'));
        return failed(noResponseError());
      }
    },

    async loadAppFaqs(language) {
      try {
        const answer = await http.call('getFaqs', { language });
        await modifyLocalDoc(db, 'app-faqs', (doc) => ({ ...doc, [language]: { faqs: answer.faqs, fetchedAt: clock.now() } }));
        return ok();
      } catch (err) {
        if (err instanceof BadStatusError && (err.status === 401 || err.status === 440)) return failed(await deps.report('getFaqs', err));
        return failed(noResponseError());
      }
    },
  };
}
