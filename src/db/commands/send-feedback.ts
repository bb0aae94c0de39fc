// App feedback and app FAQs (spec part 1 §2 settings, §7): both need the network; the engine does
// the calls (src/sync/feedback-sync.ts). Feedback is not queued: the screen says so offline.
import type { FeedbackInput } from '../../sync/feedback-sync';
import type { CommandResult } from '../command-result';
import type { LanguageCode } from '../local-docs';
import { runEngine } from './run-engine';

export type { FeedbackInput };

/** Uploads the screenshot (if any), then sends the feedback. */
export function sendFeedback(input: FeedbackInput): Promise<CommandResult> {
  return runEngine('sendFeedback', input);
}

/** Reads the app's FAQs in the language into 'app-faqs' (kept for offline reading). */
export function loadAppFaqs(language: LanguageCode): Promise<CommandResult> {
  return runEngine('loadAppFaqs', language);
}
