// Bodies and answers of the app feedback and app FAQ routes (spec part 1 §2 settings, §7). Merged
// into `routes` (contract.ts). Imports only types from contract.ts, so there is no cycle at run time.
import { z } from 'zod';
import type { RouteDef } from './contract';
import { FEEDBACK_ROUTE_TABLE as T } from './feedback-routes';
import { FEEDBACK_MAX_CHARS } from '../domain/constants';

function route<R>() {
  return <B extends z.ZodType>(def: Omit<RouteDef<B, R>, 'response'>): RouteDef<B, R> => def;
}

export const sendFeedbackBody = z.object({
  does_like: z.boolean({ error: 'does_like must be true or false' }),
  content: z.string().trim()
    .min(1, 'content must not be empty')
    .max(FEEDBACK_MAX_CHARS, `content must be at most ${FEEDBACK_MAX_CHARS} characters`),
  email: z.string().trim().max(254).email('email is not valid').or(z.literal('')).default(''),
  screenshot_uuid: z.string().uuid('screenshot_uuid must be a UUID').optional(),
}).strict();

/** One question of the app's FAQ, in the language asked for. */
export interface AppFaq { question: string; answer: string }

export interface FaqsAnswer { language: 'en' | 'hi' | 'gu' | 'mr' | 'te'; faqs: AppFaq[] }

export const feedbackRoutes = {
  sendFeedback: route<{ message: string; feedback_uuid: string }>()({ ...T.sendFeedback, body: sendFeedbackBody }),
  getFaqs: route<FaqsAnswer>()({
    ...T.getFaqs,
    body: z.object({ language: z.enum(['en', 'hi', 'gu', 'mr', 'te'], { error: 'language must be one of en, hi, gu, mr, te' }).default('en') }).strict(),
  }),
} as const;
