import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CommandResult } from '../../db/command-result';

export interface ShopNotice { id: number; text: string; tone: 'info' | 'error' }

/** The toast of the shop screens: a command's refusal text ('Max quantity reached'), or a confirmation. */
export function useShopNotice() {
  const intl = useIntl();
  const [notice, setNotice] = useState<ShopNotice | null>(null);
  const show = useCallback((textId: string, tone: ShopNotice['tone'] = 'info') => {
    setNotice({ id: Date.now(), text: intl.formatMessage({ id: textId }), tone });
  }, [intl]);
  const showResult = useCallback((result: CommandResult) => {
    if (!result.ok && result.error.textId) show(result.error.textId, 'error');
  }, [show]);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, showResult, clear };
}
