import type { AppLanguageDoc } from '../local-docs';
import { useLocalDoc } from './use-local-doc';

/** The chosen app language; null until one was stored (read as English, not chosen). */
export function useAppLanguage(): { loaded: boolean; doc: AppLanguageDoc | null } {
  return useLocalDoc('app-language');
}
