import type { DialogAction } from '../../domain/error-types';
import type { DialogOutcome } from '../../sync/session';
import type { CommandResult } from '../command-result';
import { runEngine } from './run-engine';

export type { DialogOutcome };

/**
 * The error-dialog actions of spec part 1 §4. The UI closes the dialog, then follows the outcome:
 * `reload` → window.location.reload(); `navigateTo: 'login'` → push the login route.
 */
export function runDialogAction(action: DialogAction): Promise<CommandResult<DialogOutcome>> {
  return runEngine('runDialogAction', action);
}
