// The registry of the action queue's kinds (issue 12): each area declares how to send its
// payload and how to undo a refusal; the one runner (action-runner.ts) does the rest. The
// engine and the service worker's background flush build the same registry.
import type { AppDatabase } from '../db/database';
import type { ActionKinds } from './action-runner';
import { botActionKind } from './bot-actions';
import { cartEditKind } from './cart-sync';
import type { Clock, HttpClient } from './http-client';
import { messageIntentKind } from './message-intents';
import { savedItemKind } from './saved-items-sync';

export function createActionKinds(deps: { db: AppDatabase; http: HttpClient; clock: Clock }): Required<ActionKinds> {
  return {
    'bot-action': botActionKind(deps),
    'saved-item': savedItemKind(deps),
    'message-intent': messageIntentKind(deps),
    'cart-edit': cartEditKind(deps),
  };
}
