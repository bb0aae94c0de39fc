import { DEFAULT_SETTINGS } from '../defaults';
import type { SettingsDoc } from '../local-docs';
import { useLocalDoc } from './use-local-doc';

export function useSettings(): { loaded: boolean; doc: SettingsDoc } {
  const { loaded, doc } = useLocalDoc('settings');
  return { loaded, doc: doc ?? DEFAULT_SETTINGS };
}
