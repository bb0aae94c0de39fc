// The payment routes of the contract (spec part 2 §7 "Payments"; src/api/payments-contract.ts).
// Every route acts for the caller (user from the session): methods, orders and requests of
// another user are 404s exactly like unknown ids. Mutating routes take the Idempotency-Key
// (define-route.ts); initiate is idempotent per payment request on top of that (checkout.ts).
import { routes } from '../../src/api/contract';
import type { Payout } from '../../src/api/payments-contract';
import type { RouteModule } from '../context';
import { HttpError, notFound } from '../http/errors';
import { findBot } from '../bots/registry';
import { decline, initiate, reconcile, type Providers } from './checkout';
import { deleteMethod, listMethods, saveMethod, setPrimary } from './methods';
import { placeOrder } from './orders';
import type { PayoutSource } from './payout-source';
import { processPendingPayouts } from './payouts';
import { readRequest, toOrder, toRequest } from './requests';

export const VPA_NOT_VERIFIED = 'This UPI address could not be verified';

export function paymentRoutes(providers: Providers, payoutSource: PayoutSource): RouteModule {
  return (api, ctx) => {
    const { db } = ctx;
    const payouts = (userUuid: string, wanted: boolean): Promise<Payout[]> =>
      wanted ? processPendingPayouts(db, payoutSource, providers.upi, userUuid, ctx.now()) : Promise.resolve([]);
    const details = async (userUuid: string, requestId: string) => {
      const { request, order } = await readRequest(db, userUuid, requestId);
      return { payment_request: toRequest(request, order), order: toOrder(order) };
    };

    api.authRoute(routes.verifyVpa, async ({ body }) => {
      const result = await providers.upi.verifyVpa(body.vpa);
      return { vpa: body.vpa, valid: result.valid, holder_name: result.holderName };
    });

    api.authRoute(routes.saveMethod, async ({ body, user }) => {
      const verified = await providers.upi.verifyVpa(body.details.vpa);
      if (!verified.valid) throw new HttpError(422, VPA_NOT_VERIFIED);
      const method = await saveMethod(db, user.userUuid, body.details.vpa, verified.holderName, body.is_primary, ctx.now());
      const paid = await payouts(user.userUuid, body.process_pending_payouts);
      return { payment_method: method, saved_payment_method_list: await listMethods(db, user.userUuid), payouts: paid };
    });

    api.authRoute(routes.getSavedMethodList, async ({ user }) => ({ saved_payment_method_list: await listMethods(db, user.userUuid), payouts: [] }));

    api.authRoute(routes.deleteSavedMethod, async ({ body, user }) => {
      await deleteMethod(db, user.userUuid, body.payment_method_uuid);
      return { saved_payment_method_list: await listMethods(db, user.userUuid), payouts: [] };
    });

    api.authRoute(routes.setMethodPrimary, async ({ body, user }) => {
      await setPrimary(db, user.userUuid, body.payment_method_uuid);
      const paid = await payouts(user.userUuid, body.process_pending_payouts);
      return { saved_payment_method_list: await listMethods(db, user.userUuid), payouts: paid };
    });

    api.authRoute(routes.placeOrder, async ({ body, user }) => {
      if (!findBot(body.bot_uuid)) throw notFound('Invalid bot id');
      const { order, request } = await placeOrder(db, user.userUuid, body.bot_uuid, body.cart_version, ctx.now());
      return { payment_request: toRequest(request, order), order: toOrder(order) };
    });

    api.authRoute(routes.initiatePayment, async ({ body, user }) =>
      initiate(db, providers, user.userUuid, body.paymentRequestId, body.type, body.vpa, ctx.now()));

    api.authRoute(routes.declinePayment, async ({ body, user }) => {
      await decline(db, providers, user.userUuid, body.paymentRequestId, ctx.now());
      return details(user.userUuid, body.paymentRequestId);
    });

    api.authRoute(routes.getPaymentRequestDetails, async ({ body, user }) => {
      const { request } = await readRequest(db, user.userUuid, body.paymentRequestId);
      await reconcile(db, providers, request, ctx.now());
      return details(user.userUuid, body.paymentRequestId);
    });
  };
}
