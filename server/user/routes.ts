// Profile and places (spec part 1 §7, "User").
import { routes } from '../../src/api/contract';
import { countryByIso } from '../../src/domain/countries';
import type { RouteModule } from '../context';
import { badRequest, notFound, unauthorised } from '../http/errors';
import { cityEntries, geoOf, stateEntries } from '../geo/geo';
import { findCustomCode, findUser, toProfile, type UserRow } from './profile';
import { isDeleteReason } from './delete-reasons';
import { checkOwnUpload } from '../media/own-upload';

/** A real calendar date, not after today. */
function checkDob(dob: { year: number; month: number; day: number }, now: number): void {
  const date = new Date(Date.UTC(dob.year, dob.month - 1, dob.day));
  if (date.getUTCFullYear() !== dob.year || date.getUTCMonth() !== dob.month - 1 || date.getUTCDate() !== dob.day) {
    throw badRequest(`dob: ${dob.year}-${dob.month}-${dob.day} is not a real date`);
  }
  if (date.getTime() > now) throw badRequest('dob: the date of birth is in the future');
}

export const userRoutes: RouteModule = (api, ctx) => {
  const { db } = ctx;

  api.authRoute(routes.getProfile, async ({ user }) => {
    const row = await findUser(db, user.userUuid);
    if (!row) throw unauthorised();
    return toProfile(row);
  });

  // Fields left out keep their value; null clears the nullable ones and '' clears the email.
  // Changing the country clears state and city, changing the state clears the city, unless
  // the same request sets them (to values valid for the new country or state).
  api.authRoute(routes.updateProfile, async ({ user, body }) => {
    const now = ctx.now();
    if (typeof body.photo_uuid === 'string') await ctx.settleUpload(body.photo_uuid);
    return db.transaction(async (tx) => {
      const current = await findUser(tx, user.userUuid, true);
      if (!current) throw unauthorised();
      const next: UserRow = { ...current };
      if (body.name !== undefined) next.name = body.name;
      if (body.email !== undefined) next.email = body.email;
      if (body.gender !== undefined) next.gender = body.gender;
      if (body.photo_uuid !== undefined) {
        // only the caller's own profile-photo upload (issue 21, item 10); keeping the current one needs no check
        if (body.photo_uuid !== null && body.photo_uuid !== current.photo_uuid) await checkOwnUpload(tx, user.userUuid, body.photo_uuid, 'profile', 'photo_uuid');
        next.photo_uuid = body.photo_uuid;
      }
      if (body.language !== undefined) next.language = body.language;
      if (body.custom_code !== undefined) {
        const code = body.custom_code === '' ? null : await findCustomCode(tx, body.custom_code);
        if (body.custom_code !== '' && !code) throw notFound('No such custom code');
        next.custom_code = code?.custom_code ?? null;
      }
      if (body.dob !== undefined) {
        if (body.dob !== null) checkDob(body.dob, now);
        next.dob_year = body.dob?.year ?? null;
        next.dob_month = body.dob?.month ?? null;
        next.dob_day = body.dob?.day ?? null;
      }
      if (body.country_code !== undefined && body.country_code !== current.country_code) {
        next.country_code = body.country_code;
        next.state_code = null;
        next.city = '';
      }
      const geo = geoOf(next.country_code);
      const countryName = countryByIso(next.country_code)?.name ?? next.country_code;
      if (body.state_code !== undefined) {
        const state = geo.state(body.state_code);
        if (!state) throw badRequest(`state_code: ${body.state_code} is not a state of ${countryName}`);
        if (state.code !== next.state_code) next.city = '';
        next.state_code = state.code;
      }
      if (body.city !== undefined) {
        const state = next.state_code ? geo.state(next.state_code) : undefined;
        if (!state) throw badRequest('city: choose a state (state_code) before the city');
        const city = geo.city(state, body.city);
        if (!city) throw badRequest(`city: ${body.city} is not in the list of ${state.name}`);
        next.city = city;
      }
      await tx.query(
        `UPDATE users SET name = $2, email = $3, gender = $4, dob_year = $5, dob_month = $6, dob_day = $7,
           country_code = $8, state_code = $9, city = $10, photo_uuid = $11, language = $12, custom_code = $13, updated_at = $14
         WHERE user_uuid = $1`,
        [user.userUuid, next.name, next.email, next.gender, next.dob_year, next.dob_month, next.dob_day,
          next.country_code, next.state_code, next.city, next.photo_uuid, next.language, next.custom_code, now],
      );
      // read back: the custom code's details and the email's verification follow the row
      const stored = await findUser(tx, user.userUuid);
      if (!stored) throw unauthorised();
      return toProfile(stored);
    });
  });

  api.authRoute(routes.getStates, async ({ body }) => ({ states: stateEntries(body.country_code) }));

  api.authRoute(routes.getCities, async ({ body }) => {
    const state = geoOf(body.country_code).state(body.state_code);
    if (!state) throw notFound(`No state ${body.state_code} in ${countryByIso(body.country_code)?.name ?? body.country_code}`);
    return { cities: cityEntries(state) };
  });

  // Removes the user and every row of theirs: the tables of user data reference users ON
  // DELETE CASCADE; sign-in rows are keyed by mobile and go explicitly.
  api.authRoute(routes.deleteProfile, async ({ user, body }) => {
    if (body.reason_uuid !== undefined && !isDeleteReason(body.reason_uuid)) throw badRequest(`reason_uuid ${body.reason_uuid} is not one of get-reason-list`);
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO account_deletions (reason_uuid, deleted_at) VALUES ($1, $2)', [body.reason_uuid ?? null, ctx.now()]);
      await tx.query('DELETE FROM users WHERE user_uuid = $1', [user.userUuid]);
      await tx.query('DELETE FROM otp_numbers WHERE mobile = $1', [user.mobile]);
    });
    // Every session of the user went with the users row: close their open sockets at once.
    ctx.sessionsEnded({ userUuid: user.userUuid });
    return { message: 'Profile deleted' };
  });
};
