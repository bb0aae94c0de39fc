// Bodies and answers of the app feedback and app FAQ routes (spec part 1 §2 settings, §7). Merged
// into `routes` (contract.ts); routes are built with route-def.ts (no cycle).
import { z } from 'zod';
import { route } from './route-def';
import { FEEDBACK_ROUTE_TABLE as T } from './feedback-routes';
import { FEEDBACK_MAX_CHARS } from '../domain/constants';
import { DEFAULT_LANGUAGE_CODE, LANGUAGE_CODES } from '../domain/language-codes';


export const sendFeedbackBody = z.object({
  does_like: z.boolean({ error: 'does_like must be true or false' }),
  content: z.string().trim()
    .min(1, 'content must not be empty')
    .max(FEEDBACK_MAX_CHARS, `content must be at most ${FEEDBACK_MAX_CHARS} characters`),
  email: z.string().trim().max(254).email('email is not valid').or(z.literal('')).default(''),
  screenshot_uuid: z.string().uuid('screenshot_uuid must be a UUID').optional(),
}).strict();

/** One question of the app's FAQ, in the language asked for. */
export const appFaqSchema = z.object({ question: z.string(), answer: z.string() });
export type AppFaq = z.output<typeof appFaqSchema>;

export const faqsAnswerSchema = z.object({ language: z.enum(LANGUAGE_CODES), faqs: z.array(appFaqSchema) });
export type FaqsAnswer = z.output<typeof faqsAnswerSchema>;

export const feedbackRoutes = {
  sendFeedback: route({ ...T.sendFeedback, response: z.object({ message: z.string(), feedback_uuid: z.string() }), body: sendFeedbackBody }),
  getFaqs: route({
    ...T.getFaqs, response: faqsAnswerSchema,
    body: z.object({ language: z.enum(LANGUAGE_CODES, { error: `language must be one of ${LANGUAGE_CODES.join(', ')}` }).default(DEFAULT_LANGUAGE_CODE) }).strict(),
  }),
} as const;
