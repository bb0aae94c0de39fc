// The open rule of a mini-app tile or link (spec part 2 §2; src/domain/mini-apps.ts): a built-in
// screen's path opens that screen, a web mini app opens the mini-app view, anything else answers
// the miniAppNotSupported text for the caller to show.
import { useIntl } from 'react-intl';
import { useRouter } from '@tanstack/react-router';
import { MSG } from '../../domain/errors';
import { miniAppTarget } from '../../domain/mini-apps';

/** Opens `app`; answers the notice to show, or null when it opened. */
export function useOpenMiniApp(): (app: { mini_app_uuid: string; name: string; path: string; kind?: 'native' | 'web' | undefined }) => string | null {
  const router = useRouter();
  const intl = useIntl();
  return (app) => {
    const target = miniAppTarget(app);
    if (target.kind === 'native') {
      // built-in screens of other areas (rewards, engage, ...) are routes by path: pushed by path
      router.history.push(target.to);
      return null;
    }
    if (target.kind === 'web') {
      router.history.push(`/mini-app?id=${app.mini_app_uuid}`);
      return null;
    }
    return `${app.name}: ${intl.formatMessage({ id: MSG.miniAppNotSupported })}`;
  };
}
