// The users table as the contract's Profile.
import type { Profile } from '../../src/api/contract';
import { countryByIso, type CountryIso } from '../../src/domain/countries';
import type { Queryable } from '../db/db';
import { geoOf } from '../geo/geo';

export interface UserRow {
  user_uuid: string;
  mobile: string;
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
}

const COLUMNS = 'user_uuid, mobile, country_code, name, email, gender, dob_year, dob_month, dob_day, state_code, city, photo_uuid, language, custom_code';

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
    mobile: row.mobile,
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
  };
  return { ...profile, profileComplete: isComplete(profile) };
}

/** Complete when name, state, city, dob, gender, email and photo are all present. */
function isComplete(p: Omit<Profile, 'profileComplete'>): boolean {
  return p.name !== '' && p.state !== null && p.city !== '' && p.dob !== null && p.gender !== null && p.email !== '' && p.photo !== null;
}
