// Development and test only: RxDB's dev-mode checks and JSON-schema validation. database.ts
// imports this module dynamically behind `import.meta.env.DEV`, which Vite folds to false in a
// production build, so neither plugin reaches the production bundle.
import { addRxPlugin, type RxStorage } from 'rxdb/plugins/core';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';

let added = false;

export function withDevMode<I, S>(storage: RxStorage<I, S>): RxStorage<I, S> {
  if (!added) {
    disableWarnings();
    addRxPlugin(RxDBDevModePlugin);
    added = true;
  }
  return wrappedValidateAjvStorage({ storage });
}
