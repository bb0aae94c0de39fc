// Push routes (spec part 1 §7): the VAPID public key, and /mobile/save-pwa-subscription.
import { routes } from '../../src/api/contract';
import type { RouteModule } from '../context';
import { HttpError } from '../http/errors';
import { checkEndpoint, saveSubscription, type PushOptions } from './subscriptions';
import type { VapidKeys } from './vapid';

export function pushRoutes(keys: VapidKeys, options: PushOptions = {}): RouteModule {
  return (api, ctx) => {
    api.publicRoute(routes.getVapidPublicKey, async () => ({ public_key: keys.publicKey }));

    api.authRoute(routes.savePwaSubscription, async ({ user, body }) => {
      checkEndpoint(body.subscription.endpoint, options);
      const saved = await saveSubscription(ctx.db, {
        userUuid: user.userUuid, subscription: body.subscription, deviceId: body.deviceId, clientTime: body.timestamp, now: ctx.now(),
      });
      if (!saved) throw new HttpError(409, 'subscription.endpoint is saved with other keys: subscribe again in the browser to get an endpoint of your own');
      return {};
    });
  };
}
