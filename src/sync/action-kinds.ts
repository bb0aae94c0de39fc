// The registry of the action queue's kinds (issue 12): each area declares how to send its
// payload and how to undo a refusal; the one runner (action-runner.ts) does the rest. The
// engine and the service worker's background flush build the same registry.
import type { AppDatabase } from '../db/database';
import type { ActionKinds } from './action-runner';
import { botActionKind } from './bot-actions';
import { cartEditKind } from './cart-sync';
import { competitionEntryKind, type CompetitionKindDeps } from './competition-sync';
import type { Clock, HttpClient } from './http-client';
import { messageIntentKind } from './message-intents';
import { miniAppKind } from './mini-app-actions';
import { savedItemKind } from './saved-items-sync';
import { gamesKind } from './games-sync';
import { paymentMethodKind } from './payments-sync';
import { feedActionKind } from './feed-sync';
import { profileEditKind } from './profile-sync';
import { sharedMediaStore } from '../db/media-cache';
import { defaultUploadTransport } from './media';
import { analyticsKind } from './analytics-sync';

export function createActionKinds(deps: { db: AppDatabase; http: HttpClient; clock: Clock } & Pick<CompetitionKindDeps, 'store' | 'upload'>): Required<ActionKinds> {
  return {
    'bot-action': botActionKind(deps),
    'saved-item': savedItemKind(deps),
    'message-intent': messageIntentKind(deps),
    'cart-edit': cartEditKind(deps),
    'competition-entry': competitionEntryKind(deps),
    games: gamesKind(deps),
    'payment-method': paymentMethodKind(deps),
    'mini-app': miniAppKind(deps),
    'feed-action': feedActionKind(deps),
    'profile-edit': profileEditKind({ ...deps, store: deps.store ?? sharedMediaStore(), upload: deps.upload ?? defaultUploadTransport((input, init) => fetch(input, init)) }),
    analytics: analyticsKind(deps),
  };
}
