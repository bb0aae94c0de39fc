// Push routes (spec part 1 §7): the VAPID public key, and /mobile/save-pwa-subscription.
import { routes } from '../../src/api/contract';
import type { RouteModule } from '../context';
import { checkEndpoint, saveSubscription, type PushOptions } from './subscriptions';
import type { VapidKeys } from './vapid';

export function pushRoutes(keys: VapidKeys, options: PushOptions = {}): RouteModule {
  return (api, ctx) => {
    api.publicRoute(routes.getVapidPublicKey, async () => ({ public_key: keys.publicKey }));

    api.authRoute(routes.savePwaSubscription, async ({ user, body }) => {
      checkEndpoint(body.subscription.endpoint, options);
      await saveSubscription(ctx.db, {
        userUuid: user.userUuid, subscription: body.subscription, deviceId: body.deviceId, clientTime: body.timestamp, now: ctx.now(),
      });
      return {};
    });
  };
}
