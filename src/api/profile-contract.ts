// Bodies and answers of the profile photo, email verification, custom code and delete-reason
// routes (spec part 2 §3 Profile, §7). Merged into `routes` (contract.ts).
import { z } from 'zod';
import { route } from './route-def';
import { PROFILE_ROUTE_TABLE as T } from './profile-routes';
import { CUSTOM_CODE_TYPES } from '../domain/feature-gate';
import { COUNTRY_ISOS } from '../domain/countries';
import { LANGUAGE_CODES } from '../domain/language-codes';

const empty = z.object({}).strict();

/** A custom code as typed: letters and digits, any case (the server compares upper case). */
export const customCodeInputSchema = z.string().trim()
  .regex(/^[A-Za-z0-9]{3,32}$/, 'custom_code must be 3 to 32 letters or digits');

/** What a code does (profile.custom_code_details; src/domain/feature-gate.ts applies it). */
export const customCodeDetailsSchema = z.object({
  custom_code: z.string(),
  /** Who gives the code (a school, a programme), shown with it. */
  name: z.string(),
  type: z.enum(CUSTOM_CODE_TYPES),
  included_features: z.array(z.string()),
  excluded_features: z.array(z.string()),
});
export type CustomCodeDetails = z.output<typeof customCodeDetailsSchema>;

/**
 * The signed-in user's profile (spec part 2 §3 Profile). `photo`: the uploaded photo's media id;
 * `email_verified`: the email is the one the user proved by the emailed link; `profileComplete`:
 * name, state, city, dob, gender, email and photo all present (server/user/profile.ts).
 */
export const profileSchema = z.object({
  user_uuid: z.string(),
  mobile: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean().default(false),
  gender: z.enum(['male', 'female']).nullable(),
  dob: z.object({ year: z.number(), month: z.number(), day: z.number() }).nullable(),
  country_code: z.enum(COUNTRY_ISOS),
  country_name: z.string(),
  state: z.object({ code: z.string(), name: z.string() }).nullable(),
  city: z.string(),
  photo: z.string().nullable(),
  language: z.enum(LANGUAGE_CODES).nullable(),
  custom_code: z.string().nullable().default(null),
  custom_code_details: customCodeDetailsSchema.nullable().default(null),
  profileComplete: z.boolean(),
});
export type Profile = z.output<typeof profileSchema>;

export const deleteReasonSchema = z.object({ reason_uuid: z.string(), reason: z.string() });
export type DeleteReason = z.output<typeof deleteReasonSchema>;

const uploadDetails = z.object({
  photo_uuid: z.string().uuid(),
  media_uuid: z.string().uuid(),
  upload_details: z.object({ url: z.string(), s3_fields: z.record(z.string(), z.string()) }),
});

export const profileRoutes = {
  /** Where to upload a profile photo (image/* only); answers photo_uuid (spec part 2 §3 Media upload). */
  getProfilePhotoUploadDetails: route({
    ...T.getProfilePhotoUploadDetails, response: uploadDetails,
    body: z.object({ content_type: z.string().regex(/^image\/[a-z0-9.+-]+$/i, 'content_type must be an image type') }).strict(),
  }),
  /**
   * Sends a signed link that expires to the profile's email (404 no email on the profile, 409
   * already verified). `sent_to`: the address; `expires_at`: epoch ms.
   */
  resendEmailVerificationLink: route({
    ...T.resendEmailVerificationLink, response: z.object({ message: z.string(), sent_to: z.string(), expires_at: z.number() }), body: empty,
  }),
  /** What a code does, before the user takes it; 404 'No such custom code'. */
  getCustomCodeDetails: route({
    ...T.getCustomCodeDetails, response: customCodeDetailsSchema, body: z.object({ custom_code: customCodeInputSchema }).strict(),
  }),
  /**
   * Takes the code for the caller (404 unknown); `user_details` may carry the name and email the
   * code's form asked for (trimmed). An empty code removes the caller's. Answers the profile.
   */
  authenticateCustomCode: route({
    ...T.authenticateCustomCode, response: profileSchema,
    body: z.object({
      custom_code: customCodeInputSchema.or(z.literal('')),
      user_details: z.object({
        name: z.string().trim().min(1, 'user_details.name must not be blank').max(60).optional(),
        email: z.string().trim().max(254).email('user_details.email is not valid').optional(),
      }).strict().default({}),
    }).strict(),
  }),
  /** Why the user leaves (the delete-account screen), in the request's language. */
  getReasonList: route({ ...T.getReasonList, response: z.object({ reason_list: z.array(deleteReasonSchema) }), body: empty }),
} as const;

