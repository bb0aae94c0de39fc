// How a command reaches the engine (the worker, or in-process in tests). A rejected call is a
// bug or a dead worker, not an expected failure: it is logged and becomes the generic error,
// so commands keep their promise of never throwing.
import { noResponseError, somethingWentWrongError } from '../../domain/errors';
import type { EngineArgs, EngineCommandName, EngineResult } from '../../sync/engine';
import { ClientCodeUnavailable, clientForCommand } from '../client';
import { failed } from '../command-result';
import { trackCommandOutcome } from '../analytics';

export async function runEngine<K extends EngineCommandName>(name: K, ...args: EngineArgs<K>): Promise<EngineResult<K>> {
  try {
    // a signed-out start's login screen may run a command before the client is up
    const client = await clientForCommand();
    // its code could not be fetched: no network, as the no-internet dialog says
    if (!client) return failed(noResponseError()) as EngineResult<K>;
    const result = await client.engine.invoke(name, ...args);
    void trackCommandOutcome(client.db, name, args, result);
    return result;
  } catch (err) {
    if (err instanceof ClientCodeUnavailable) return failed(noResponseError()) as EngineResult<K>;
    console.error(`engine command ${name} failed`, err);
    // every engine flow resolves to a CommandResult, so a failed one fits each of them
    return failed(somethingWentWrongError()) as EngineResult<K>;
  }
}
