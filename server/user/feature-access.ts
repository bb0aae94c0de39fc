// The server's side of the one feature gate (src/domain/feature-gate.ts): a feature is on for a
// user by the remote flags with that user's custom code applied over them, by the same function
// the app uses, so a code that includes engage opens its routes when the flag is off, and one that
// excludes rewards closes them when the flag is on. Off: 403 'feature_off' saying which.
import type { RemoteFlags } from '../../src/api/remote-flags';
import { featureOn, type CustomCodeFeatures, type GatedFeature } from '../../src/domain/feature-gate';
import type { Queryable } from '../db/db';
import { HttpError } from '../http/errors';

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

/** A route guard: throws the 403 with `message` when the feature is off for this user. */
export function featureGuard(q: Queryable, flags: () => RemoteFlags, feature: GatedFeature, message: string): (userUuid: string) => Promise<void> {
  return async (userUuid) => {
    if (!(await userFeatureOn(q, userUuid, feature, flags()))) throw new HttpError(403, message, {}, 'feature_off');
  };
}
