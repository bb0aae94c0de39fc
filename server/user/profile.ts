// The users table as the contract's Profile.
import type { CustomCodeDetails, Profile } from '../../src/api/contract';
import { isProfileComplete } from '../../src/domain/profile-rules';
import { countryByIso, type CountryIso } from '../../src/domain/countries';
import type { Queryable } from '../db/db';
import { geoOf } from '../geo/geo';

export interface UserRow {
  user_uuid: string;
  /** null for a standalone guest (a device, not a mobile number: accounts/standalone.ts) */
  mobile: string | null;
  country_code: CountryIso;
  name: string;
  email: string;
  gender: 'male' | 'female' | null;
  dob_year: number | null;
  dob_month: number | null;
  dob_day: number | null;
  state_code: string | null;
  city: string;
  photo_uuid: string | null;
  language: Profile['language'];
  custom_code: string | null;
  /** The address proved by the emailed link (verified while it equals email). */
  email_verified: string | null;
  /** The custom code's row, read with the user (null: no code, or a code since removed). */
  code_name: string | null;
  code_type: 'additive' | 'exclusive' | null;
  code_included: string[] | null;
  code_excluded: string[] | null;
}

// the custom code's columns as scalar subqueries, so `FOR UPDATE` still locks only the user's row
const codeColumn = (column: string, as: string) => `(SELECT c.${column} FROM custom_codes c WHERE c.custom_code = users.custom_code) AS ${as}`;
const COLUMNS = ['user_uuid, mobile, country_code, name, email, gender, dob_year, dob_month, dob_day, state_code, city, photo_uuid, language, custom_code, email_verified',
  codeColumn('name', 'code_name'), codeColumn('type', 'code_type'), codeColumn('included_features', 'code_included'), codeColumn('excluded_features', 'code_excluded')].join(', ');

export async function findUser(q: Queryable, userUuid: string, forUpdate = false): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE user_uuid = $1${forUpdate ? ' FOR UPDATE' : ''}`, [userUuid]);
  return rows[0];
}

/** The user with this mobile, created on first sign-in with the country of its dial code. */
export async function findOrCreateUser(q: Queryable, mobile: string, country: CountryIso, userUuid: string, now: number): Promise<UserRow> {
  await q.query(
    `INSERT INTO users (user_uuid, mobile, country_code, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4) ON CONFLICT (mobile) DO NOTHING`,
    [userUuid, mobile, country, now],
  );
  const rows = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE mobile = $1`, [mobile]);
  const row = rows[0];
  if (!row) throw new Error('user vanished right after its insert');
  return row;
}

export function toProfile(row: UserRow): Profile {
  const country = countryByIso(row.country_code);
  const state = row.state_code ? geoOf(row.country_code).state(row.state_code) : undefined;
  const dob = row.dob_year !== null && row.dob_month !== null && row.dob_day !== null
    ? { year: row.dob_year, month: row.dob_month, day: row.dob_day }
    : null;
  const profile: Omit<Profile, 'profileComplete'> = {
    user_uuid: row.user_uuid,
    mobile: row.mobile ?? '',
    name: row.name,
    email: row.email,
    gender: row.gender,
    dob,
    country_code: row.country_code,
    country_name: country?.name ?? row.country_code,
    state: state ? { code: state.code, name: state.name } : null,
    city: row.city,
    // the uploaded photo's id (the app asks the media routes for its file)
    photo: row.photo_uuid,
    language: row.language,
    email_verified: row.email !== '' && row.email_verified === row.email,
    custom_code: row.custom_code,
    custom_code_details: row.custom_code !== null && row.code_type !== null
      ? { custom_code: row.custom_code, name: row.code_name ?? '', type: row.code_type, included_features: row.code_included ?? [], excluded_features: row.code_excluded ?? [] }
      : null,
  };
  return { ...profile, profileComplete: isProfileComplete(profile) };
}

/** A custom code's row as the contract's details (null: no such code). */
export async function findCustomCode(q: Queryable, code: string): Promise<CustomCodeDetails | null> {
  const rows = await q.query<{ custom_code: string; name: string; type: 'additive' | 'exclusive'; included_features: string[]; excluded_features: string[] }>(
    'SELECT custom_code, name, type, included_features, excluded_features FROM custom_codes WHERE custom_code = $1', [code.toUpperCase()],
  );
  return rows[0] ?? null;
}
