// The server's side of the one feature gate (src/domain/feature-gate.ts): a feature is on for a
// user by the remote flags with that user's custom code applied over them, by the same function
// the app uses, so a code that includes engage opens its routes when the flag is off, and one that
// excludes rewards closes them when the flag is on. Off: 403 with reason FEATURE_OFF saying which.
// Every gated area's routes go through here: engage and rewards call `featureGuard` per route;
// the other areas' modules are registered through `gatedModule`, which puts the same check in
// front of every signed-in route the module registers (so a route added later is gated too).
import type { z } from 'zod';
import type { RouteDef } from '../../src/api/contract';
import type { RemoteFlags } from '../../src/api/remote-flags';
import { featureOn, type CustomCodeFeatures, type GatedFeature } from '../../src/domain/feature-gate';
import type { RouteModule } from '../context';
import type { Queryable } from '../db/db';
import { HttpError } from '../http/errors';

/** ErrorBody.reason of every route of an area that is off for the caller (one code, everywhere). */
export const FEATURE_OFF = 'feature_off';

/** The words of the 403 per area (the client shows its own translated page; these are for logs and tools). */
export const FEATURE_OFF_MESSAGE: Readonly<Record<GatedFeature, string>> = {
  rewards: 'Rewards are switched off',
  engage: 'Engage games are switched off',
  leaderboards: 'Leaderboards are switched off',
  competition_zone: 'The competition zone is switched off',
  skills_corner: 'The skills corner is switched off',
  digital_class: 'The digital class is switched off',
  posts: 'Posts are switched off',
  live_quiz: 'The live quiz is switched off',
  location: 'Location is switched off',
};

/** The custom code the user entered (custom-code/authenticate or the profile), with its features: one read. */
async function codeOf(q: Queryable, userUuid: string): Promise<CustomCodeFeatures | null> {
  const [row] = await q.query<CustomCodeFeatures>(
    `SELECT c.type, c.included_features, c.excluded_features
     FROM users u JOIN custom_codes c ON c.custom_code = u.custom_code WHERE u.user_uuid = $1`,
    [userUuid],
  );
  return row ?? null;
}

/** Whether `feature` is on for this user. */
export async function userFeatureOn(q: Queryable, userUuid: string, feature: GatedFeature, flags: RemoteFlags): Promise<boolean> {
  return featureOn(feature, flags, await codeOf(q, userUuid));
}

/** The 403 of an area that is off for the caller. */
export const featureOff = (feature: GatedFeature) => new HttpError(403, FEATURE_OFF_MESSAGE[feature], {}, FEATURE_OFF);

/** A route guard: throws the 403 when the feature is off for this user. */
export function featureGuard(q: Queryable, flags: () => RemoteFlags, feature: GatedFeature): (userUuid: string) => Promise<void> {
  return async (userUuid) => {
    if (!(await userFeatureOn(q, userUuid, feature, flags()))) throw featureOff(feature);
  };
}

/**
 * Which area a call of a module belongs to: one feature for the whole module, or per route and
 * input (the competition module serves the leaderboards too; learning serves two areas by `area`).
 * Null leaves the call ungated.
 */
export type AreaOf = GatedFeature | ((def: RouteDef, body: unknown) => GatedFeature | null);

/**
 * `module` with every signed-in route behind the gate of its area: the check runs after the input
 * is validated and the session checked (so bad input is still a 400 and no session a 401), and
 * before the handler. Public routes are left as they are (none of the gated areas has one).
 */
export function gatedModule(area: AreaOf, flags: () => RemoteFlags, module: RouteModule): RouteModule {
  const areaOf = typeof area === 'string' ? () => area : area;
  return (api, ctx) => module({
    ...api,
    publicRoute: api.publicRoute.bind(api),
    allowedMethods: api.allowedMethods.bind(api),
    authRoute<B extends z.ZodType, R extends z.ZodType>(def: RouteDef<B, R>, handler: Parameters<typeof api.authRoute<B, R>>[1], opts?: Parameters<typeof api.authRoute>[2]) {
      api.authRoute(def, async (call) => {
        const feature = areaOf(def as unknown as RouteDef, call.body);
        if (feature !== null) await featureGuard(ctx.db, flags, feature)(call.user.userUuid);
        return handler(call);
      }, opts);
    },
  }, ctx);
}
