import type { AppFaqsDoc, LanguageCode } from '../local-docs';
import { useLocalDoc } from './use-local-doc';

/** The app's FAQs in the language as last read (null before the first read of that language). */
export function useAppFaqs(language: LanguageCode): { loaded: boolean; faqs: NonNullable<AppFaqsDoc[LanguageCode]> | null } {
  const { loaded, doc } = useLocalDoc('app-faqs');
  return { loaded, faqs: doc?.[language] ?? null };
}
