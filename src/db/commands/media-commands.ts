// Media intents of the page: each asks the engine (the worker), which does the network work and
// writes the outcome into RxDB ('media-transfers', 'link-titles', 'bot-configs', the media cache).
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** Fetch one media file into the media cache, with progress in 'media-transfers'. */
export const downloadMedia = (url: string): Promise<CommandResult> => runEngine('downloadMedia', url);

/** Cancel a download (by media URL) or an upload (by client message id). */
export const cancelTransfer = (key: string): Promise<CommandResult> => runEngine('cancelTransfer', key);

/** A link's title, looked up once per URL (youtube messages). */
export const lookUpLinkTitle = (url: string): Promise<CommandResult<string | null>> => runEngine('lookUpLinkTitle', url);

/** The bot's configuration (allow_user_media) into 'bot-configs'. */
export const loadBotConfiguration = (botUuid: string): Promise<CommandResult<boolean>> => runEngine('loadBotConfiguration', botUuid);
