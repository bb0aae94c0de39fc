import type { LanguageCode } from '../../domain/language-codes';
import { appLanguageFor } from '../defaults';
import { whenClient } from '../client';
import type { CommandResult } from '../command-result';
import { setLocalDoc } from '../local-store';
import { runEngine } from './run-engine';

/**
 * Stores the app language at once (the UI switches immediately, offline too), then sends it to
 * the profile when signed in. A failed profile update leaves the local choice in place.
 */
export async function chooseLanguage(code: LanguageCode): Promise<CommandResult> {
  // the login screen of a signed-out start offers it before the client has started: wait for it
  await setLocalDoc((await whenClient()).db, 'app-language', appLanguageFor(code, true));
  return runEngine('chooseLanguage', code);
}
