import type { DialogAction } from '../../domain/error-types';
import type { DialogOutcome } from '../../sync/session';
import { ok, type CommandResult } from '../command-result';
import { runEngine } from './run-engine';

export type { DialogOutcome };

/**
 * The error-dialog actions of spec part 1 §4. The UI closes the dialog, then follows the outcome:
 * `reload` → window.location.reload(); `navigateTo: 'login'` → push the login route.
 */
export async function runDialogAction(action: DialogAction): Promise<CommandResult<DialogOutcome>> {
  const result = await runEngine('runDialogAction', action);
  // Closing always closes: with no engine (its code could not be fetched: the no-internet case
  // of a signed-out first visit) there is no state of its to drop either.
  if (!result.ok && action === 'default' && result.error.key === 'noResponse') return ok({ reload: false, navigateTo: null });
  return result;
}
