// How a command reaches the engine (the worker, or in-process in tests). A rejected call is a
// bug or a dead worker, not an expected failure: it is logged and becomes the generic error,
// so commands keep their promise of never throwing.
import { somethingWentWrongError } from '../../domain/errors';
import type { EngineArgs, EngineCommandName, EngineResult } from '../../sync/engine';
import { getClient } from '../client';
import { failed } from '../command-result';

export async function runEngine<K extends EngineCommandName>(name: K, ...args: EngineArgs<K>): Promise<EngineResult<K>> {
  try {
    return await getClient().engine.invoke(name, ...args);
  } catch (err) {
    console.error(`engine command ${name} failed`, err);
    // every engine flow resolves to a CommandResult, so a failed one fits each of them
    return failed(somethingWentWrongError()) as EngineResult<K>;
  }
}
