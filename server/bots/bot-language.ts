// The language a bot writes in. A bot's message is written once and stored as written (it is not
// translated again later), so the language is decided when the message is made: the language of
// the request that triggered it when there is one (initiate-conversation and the webhook carry
// the app's `language` header), else the language of the user's profile (a socket frame: the
// WebSocket upgrade carries no custom headers, and the app sends a changed language to the
// profile through update-profile), else English.
import type { FastifyRequest } from 'fastify';
import { HEADER } from '../../src/api/headers';
import { DEFAULT_LANGUAGE_CODE, isLanguageCode, type LanguageCode } from '../../src/domain/language-codes';

/** The rule, pure: the request's language, else the profile's, else English. */
export function botLanguage(requested: unknown, profile: unknown): LanguageCode {
  if (isLanguageCode(requested)) return requested;
  if (isLanguageCode(profile)) return profile;
  return DEFAULT_LANGUAGE_CODE;
}

/** The request's `language` header when it names one of the five languages; else none. */
export function requestLanguage(request: FastifyRequest): LanguageCode | undefined {
  const value = request.headers[HEADER.language];
  return isLanguageCode(value) ? value : undefined;
}
