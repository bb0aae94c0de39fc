import { ANALYTICS_EVENT, screenNameFor } from '../../domain/analytics';
import { trackEvent } from '../analytics';
import { clientForCommand } from '../client';
import { getLocalDoc } from '../local-store';

/**
 * Records a screen view for a route the app moved to, when the spec names it as a screen (its
 * last path segment; the login route only while no mobile is stored). Never throws.
 */
export async function recordScreenView(pathname: string): Promise<void> {
  try {
    const client = await clientForCommand();
    if (!client) return;
    const mobile = (await getLocalDoc(client.db, 'session'))?.mobile ?? null;
    const screen = screenNameFor(pathname, mobile !== null && mobile !== '');
    if (screen) await trackEvent(client.db, ANALYTICS_EVENT.screenView, { screen });
  } catch (err) {
    console.warn('analytics: a screen view was not recorded', err);
  }
}
