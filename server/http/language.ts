// The language of a request's texts, and demo data translated into it. The app sends its language
// in the `language` header of every call (src/api/headers.ts); texts the server writes for the
// demo (discovery, report reasons) are kept in English next to their data, and in the other four
// languages in tables keyed by the same ids.
import type { FastifyRequest } from 'fastify';
import { HEADER } from '../../src/api/headers';
import { resolveLanguageCode, type LanguageCode } from '../../src/domain/language-codes';

type Other = Exclude<LanguageCode, 'en'>;
export type Translations = Readonly<Record<Other, string>>;

/** The request's `language` header; English when it is missing or not one of the five. */
export const languageOf = (request: FastifyRequest): LanguageCode => resolveLanguageCode(request.headers[HEADER.language]);

/** The text in `language`: the translation when the table has one, else the English given. */
export function inLanguage(table: Readonly<Record<string, Translations>>, id: string, language: LanguageCode, english: string): string {
  if (language === 'en') return english;
  return table[id]?.[language] ?? english;
}
