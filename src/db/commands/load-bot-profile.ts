import type { ReviewSort } from '../../domain/bot-rules';
import { modifyLocalDoc } from '../local-store';
import { EMPTY_BOT_ACTIONS } from '../bot-profile-data';
import { getClient } from '../client';
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** Reads the bot's profile into 'bot-profiles' (what was there stays when this fails). */
export function loadBotProfile(botUuid: string): Promise<CommandResult> {
  return runEngine('loadBotProfile', botUuid);
}

/** A page of reviews: offset 0 replaces the list of that sort, a larger one appends. */
export function loadBotReviews(botUuid: string, sort: ReviewSort, offset: number): Promise<CommandResult<{ more: boolean }>> {
  return runEngine('loadBotReviews', botUuid, sort, offset);
}

export function loadReportReasons(): Promise<CommandResult> {
  return runEngine('loadReportReasons');
}

/** The toast of a refused action was shown (or closed). */
export async function dismissBotNotice(id: string): Promise<void> {
  await modifyLocalDoc(getClient().db, 'bot-actions', (doc) => {
    const base = doc ?? EMPTY_BOT_ACTIONS;
    return base.notice?.id === id ? { ...base, notice: null } : base;
  });
}
