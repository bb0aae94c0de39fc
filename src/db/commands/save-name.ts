import { ok, type CommandResult } from '../command-result';
import { runEngine } from './run-engine';

/** update-profile { name } (trimmed); the stored profile follows the server's answer. */
export async function saveName(name: string): Promise<CommandResult> {
  const res = await runEngine('updateProfile', { name: name.trim() });
  return res.ok ? ok() : res;
}
