// The feed's commands (issue 13): loads into the `feed` collection and acts queued on the one
// action queue. The engine does the work (src/sync/feed-sync.ts); the screens observe the feed.
import type { ActivityType, FeedReaction } from '../../domain/feed-rules';
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

export const openFeed = (): Promise<CommandResult<{ refreshed: boolean }>> => runEngine('openFeed');
export const loadFeed = (mode: 'refresh' | 'more'): Promise<CommandResult<{ kept: number; hasMore: boolean }>> => runEngine('loadFeed', mode);
export const loadFeedPost = (postUuid: string): Promise<CommandResult> => runEngine('loadFeedPost', postUuid);
export const loadSavedPosts = (more = false): Promise<CommandResult<{ hasMore: boolean }>> => runEngine('loadSavedPosts', more);
export const loadActivity = (type: ActivityType | null, more = false): Promise<CommandResult<{ hasMore: boolean }>> => runEngine('loadActivity', type, more);
/** customResponse is sent only if non-blank (spec part 2 §4). */
export const votePoll = (postUuid: string, optionUuids: string[], customResponse?: string): Promise<CommandResult> => runEngine('votePoll', postUuid, optionUuids, customResponse);
export const answerFeedQuestion = (postUuid: string, optionUuid: string): Promise<CommandResult> => runEngine('answerFeedQuestion', postUuid, optionUuid);
export const answerQuizQuestion = (postUuid: string, questionUuid: string, optionUuid: string): Promise<CommandResult> => runEngine('answerQuizQuestion', postUuid, questionUuid, optionUuid);
/** null removes the user's reaction. */
export const reactToPost = (postUuid: string, reaction: FeedReaction | null): Promise<CommandResult> => runEngine('reactToPost', postUuid, reaction);
export const setPostSaved = (postUuid: string, saved: boolean): Promise<CommandResult> => runEngine('setPostSaved', postUuid, saved);
export const addPostViews = (postUuids: string[]): Promise<CommandResult> => runEngine('addPostViews', postUuids);
export const dismissFeedNotice = (): Promise<CommandResult> => runEngine('dismissFeedNotice');
