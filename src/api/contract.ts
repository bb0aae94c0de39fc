// The typed contract shared by the app and the reference server: every route's path, method,
// whether it needs a session, the schema of its body and the shape of its answer. The server
// validates bodies with these schemas; the client's API client is typed by them.
import { z } from 'zod';
import { parseMobile } from '../domain/countries';
import { ROUTE_TABLE, type RouteMeta } from './route-table';

export const mobileSchema = z
  .string()
  .refine((m) => parseMobile(m) !== undefined, { message: 'mobile must be a dial code (+91, +65 or +66) followed by that country\'s digit count' });

export const otpSchema = z.string().regex(/^\d{4}$/, 'otp must be exactly 4 digits');

const token128 = z.string().regex(/^[0-9a-f]{32}$/, 'must be a 128-bit hex token');

export const languageCodeSchema = z.enum(['en', 'hi', 'gu', 'mr', 'te']);
export const countryIsoSchema = z.enum(['IN', 'SG', 'TH']);

// ---------- shapes of answers ----------

export interface SessionTokens {
  /** The session id, sent as the session-id header. */
  token: string;
  loginToken: string;
  /** Epoch milliseconds. */
  loginTokenExpiry: number;
  mediaToken: string;
  mediaTokenExpiry: number;
  /** Identifies this sign-in's socket sessions (spec part 1 §4: the socket opens only if it matches). */
  clientSessionId: string;
  user: Profile;
}

export interface Profile {
  user_uuid: string;
  mobile: string;
  name: string;
  email: string;
  gender: 'male' | 'female' | null;
  dob: { year: number; month: number; day: number } | null;
  country_code: 'IN' | 'SG' | 'TH';
  country_name: string;
  state: { code: string; name: string } | null;
  city: string;
  photo: string | null;
  language: 'en' | 'hi' | 'gu' | 'mr' | 'te' | null;
  profileComplete: boolean;
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

export interface StateEntry { code: string; name: string }
export interface CityEntry { name: string }

// ---------- routes ----------

export interface RouteDef<B extends z.ZodType, R> extends RouteMeta {
  readonly body: B;
  /** Phantom type of the 200 answer; never read at run time. */
  readonly response?: R;
}

function route<R>() {
  return <B extends z.ZodType>(def: Omit<RouteDef<B, R>, 'response'>): RouteDef<B, R> => def;
}

const empty = z.object({}).strict();

export const routes = {
  sendOtp: route<{ message: string; resendAfterSeconds: number; expiresInSeconds: number }>()({
    ...ROUTE_TABLE.sendOtp,
    body: z.object({ mobile: mobileSchema }).strict(),
  }),
  verifyOtp: route<SessionTokens>()({
    ...ROUTE_TABLE.verifyOtp,
    body: z.object({ mobile: mobileSchema, otp: otpSchema }).strict(),
  }),
  loginWithToken: route<SessionTokens>()({
    ...ROUTE_TABLE.loginWithToken,
    body: z.object({ mobile: mobileSchema, loginToken: token128 }).strict(),
  }),
  /** Spec: GET, or POST with deviceId. Both are served; the client uses POST. */
  logout: route<{ message: string }>()({
    ...ROUTE_TABLE.logout,
    body: z.object({ deviceId: z.string().min(1).max(64).optional() }).strict(),
  }),
  getMediaToken: route<{ mediaToken: string; mediaTokenExpiry: number }>()({
    ...ROUTE_TABLE.getMediaToken, body: empty,
  }),
  /** Creates a short code that stands for the caller's mobile (for links that prefill the login). */
  createMobileCode: route<{ mobileCode: string; expiresAt: number }>()({
    ...ROUTE_TABLE.createMobileCode, body: empty,
  }),
  getValueFromCode: route<{ mobile: string }>()({
    ...ROUTE_TABLE.getValueFromCode,
    body: z.object({ mobileCode: z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'mobileCode must be 6 to 32 letters or digits') }).strict(),
  }),
  getProfile: route<Profile>()({
    ...ROUTE_TABLE.getProfile, body: empty,
  }),
  updateProfile: route<Profile>()({
    ...ROUTE_TABLE.updateProfile,
    body: z.object({
      name: z.string().trim().min(1, 'name must not be blank').max(60).optional(),
      email: z.string().trim().max(254).email('email is not valid').or(z.literal('')).optional(),
      gender: z.enum(['male', 'female']).nullable().optional(),
      dob: z.object({ year: z.number().int().min(1900).max(2200), month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) }).nullable().optional(),
      country_code: countryIsoSchema.optional(),
      state_code: z.string().min(1).max(16).optional(),
      city: z.string().trim().min(1).max(80).optional(),
      photo_uuid: z.string().uuid().nullable().optional(),
      custom_code: z.string().max(64).optional(),
      language: languageCodeSchema.optional(),
    }).strict(),
  }),
  getStates: route<{ states: StateEntry[] }>()({
    ...ROUTE_TABLE.getStates,
    body: z.object({ country_code: countryIsoSchema }).strict(),
  }),
  getCities: route<{ cities: CityEntry[] }>()({
    ...ROUTE_TABLE.getCities,
    body: z.object({ country_code: countryIsoSchema, state_code: z.string().min(1).max(16) }).strict(),
  }),
  deleteProfile: route<{ message: string }>()({
    ...ROUTE_TABLE.deleteProfile,
    body: z.object({ device_id: z.string().min(1).max(64).optional() }).strict(),
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type BodyOf<N extends RouteName> = z.input<Routes[N]['body']>;
export type ResponseOf<N extends RouteName> = NonNullable<Routes[N]['response']>;

/** GET /version.json (outside the API base): the build's version code. */
export interface VersionFile { version_code: number; version_name: string }

// Both tables name the same routes: a route added to one and not the other fails to compile.
const _everyRouteHasMeta: Record<RouteName, RouteMeta> = ROUTE_TABLE;
const _everyMetaHasRoute: Record<keyof typeof ROUTE_TABLE, unknown> = routes;
void _everyRouteHasMeta;
void _everyMetaHasRoute;
