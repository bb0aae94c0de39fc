// The import boundaries of eslint.config.js (DESIGN.md §6, the folder READMEs), proven on small
// virtual files: each rule fires where it should and stays quiet where the import is allowed, so a
// rule cannot stop working without this test failing.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const BOUNDARY_RULES = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']);

/** The boundary errors of one line of code in a file at `filePath` (which need not exist). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
}

const FORBIDDEN: Array<[file: string, code: string]> = [
  // sync: no UI
  ['src/sync/x.ts', "import { a } from '../screens/chat/a';"],
  ['src/sync/x.ts', "import { a } from '../ui/a';"],
  ['src/sync/x.ts', "import { a } from '../app/a';"],
  ['src/sync/x.ts', "import { useState } from 'react';"],
  ['src/sync/x.ts', "import { createRoot } from 'react-dom/client';"],
  ['src/sync/x.ts', "import { a } from '../workers/a';"],
  // db: the engine by types only; no UI
  ['src/db/x.ts', "import { createInProcessEngine } from '../sync/engine';"],
  ['src/db/commands/x.ts', "import { a } from '../../sync/chat-sync';"],
  ['src/db/x.ts', "export { a } from '../sync/a';"],
  ['src/db/x.ts', "const m = import('../sync/engine');"],
  ['src/db/x.ts', "import { a } from '../workers/sync-client';"],
  ['src/db/x.ts', "import { a } from '../screens/a';"],
  ['src/db/x.ts', "import { a } from '../ui/a';"],
  ['src/db/client.ts', "import { createInProcessEngine } from '../sync/engine';"],
  // domain and api: pure
  ['src/domain/x.ts', "import { a } from '../db/a';"],
  ['src/domain/x.ts', "import { a } from '../sync/a';"],
  ['src/domain/x.ts', "import { a } from '../i18n/a';"],
  ['src/domain/x.ts', "import { useState } from 'react';"],
  ['src/domain/x.ts', "import { routes } from '../api/contract';"],
  ['src/domain/x.ts', "import { ROUTE_TABLE } from '../api/route-table';"],
  ['src/api/x.ts', "import { a } from '../db/a';"],
  ['src/api/x.ts', "import { a } from '../ui/a';"],
  ['src/api/x.ts', "import { createRxDatabase } from 'rxdb';"],
  // ui: presentational
  ['src/ui/x.tsx', "import { useBots } from '../db/hooks/use-bots';"],
  ['src/ui/x.tsx', "import { a } from '../db';"],
  ['src/ui/x.tsx', "import { a } from '../sync/a';"],
  ['src/ui/x.tsx', "import { a } from '../workers/a';"],
  ['src/ui/x.tsx', "import Dexie from 'dexie';"],
  ['src/ui/x.tsx', "import { createRxDatabase } from 'rxdb';"],
  ['src/ui/x.tsx', "import { a } from '../screens/a';"],
  ['src/ui/x.tsx', "import { useIntl } from 'react-intl';"],
  // screens: no network layer
  ['src/screens/chat/x.tsx', "import { a } from '../../sync/a';"],
  ['src/screens/chat/x.tsx', "import { a } from '../../workers/a';"],
  ['src/screens/chat/x.tsx', "import Dexie from 'dexie';"],
  ['src/screens/chat/x.tsx', "import { addRxPlugin } from 'rxdb/plugins/core';"],
  ['src/screens/chat/x.tsx', "const m = import('../../sync/engine');"],
  ['src/screens/login/x.tsx', "import { a } from '../../sync/a';"],
  ['src/screens/login/x.tsx', "import { useSession } from '../../db/hooks';"],
  // app: the engine only through db; the entry imports hook modules, not indexes
  ['src/app/x.tsx', "import { a } from '../sync/a';"],
  ['src/app/x.tsx', "import { useSession } from '../db/ui-surface';"],
  ['src/main.tsx', "import { a } from './workers/sync-client';"],
  // workers and i18n
  ['src/workers/x.ts', "import { useState } from 'react';"],
  ['src/workers/x.ts', "import { a } from '../screens/a';"],
  ['src/i18n/x.ts', "import { a } from '../db/a';"],
  ['src/i18n/x.ts', "import { a } from '../ui/a';"],
  // server: only src/api and src/domain
  ['server/bots/x.ts', "import { a } from '../../src/db/database';"],
  ['server/bots/x.ts', "import { a } from '../../src/sync/a';"],
  ['server/x.ts', "import { a } from '../src/ui/a';"],
  ['server/x.ts', "const m = import('../src/workers/a');"],
  // sw: never the UI
  ['sw/x.ts', "import { a } from '../src/ui/a';"],
  ['sw/x.ts', "import { a } from '../src/screens/a';"],
  ['sw/x.ts', "import { useState } from 'react';"],
  // the contract's zod schemas stay on the server
  ['src/screens/chat/x.tsx', "import { routes } from '../../api/contract';"],
  ['src/sync/x.ts', "import { z } from 'zod';"],
];

const ALLOWED: Array<[file: string, code: string]> = [
  ['src/sync/x.ts', "import { a } from '../db/database';"],
  ['src/sync/x.ts', "import { a } from '../api/route-table';"],
  ['src/db/x.ts', "import type { EngineArgs } from '../sync/engine';"],
  ['src/db/x.ts', "import { type EngineArgs } from '../sync/engine';"],
  ['src/db/client.ts', "const m = import('../sync/engine');"],
  ['src/db/client.ts', "const m = import('../workers/sync-client');"],
  ['src/domain/x.ts', "import type { Money } from '../api/messages';"],
  ['src/api/x.ts', "import { PAGE_SIZE } from '../domain/constants';"],
  ['src/ui/x.tsx', "import { a } from '../domain/a';"],
  ['src/ui/x.tsx', "import { useState } from 'react';"],
  ['src/screens/chat/x.tsx', "import { useBots } from '../../db/hooks/use-bots';"],
  ['src/screens/chat/x.tsx', "import { a } from '../../ui/a';"],
  ['src/screens/chat/x.tsx', "import type { ChatMessage } from '../../api/contract';"],
  ['src/workers/x.ts', "import { a } from '../sync/engine';"],
  ['src/workers/x.ts', "import { a } from '../db/database';"],
  ['server/bots/x.ts', "import { a } from '../../src/api/contract';"],
  ['server/bots/x.ts', "import { a } from '../../src/domain/a';"],
  ['server/bots/x.ts', "import { a } from '../db/db';"],
  ['sw/x.ts', "import { a } from '../src/sync/background-flush';"],
  ['sw/x.ts', "import { a } from '../src/db/database';"],
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(FORBIDDEN)('%s: refuses %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each(ALLOWED)('%s: allows %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
