// The Vite plugin of the locale files (src/i18n/messages/*.json), shared by the build and the
// unit tests:
// - `precompile`: each ICU message is parsed into its AST at build time, so the app ships
//   formatjs's no-parser build instead of the ICU parser (about 10 KB gzip less on the login
//   route) and spends no start-up time parsing. The unit tests read the texts as they are.
// - an import ending in `?boot` gets only the ids the login route shows
//   (src/i18n/boot-messages.ts), as a module of its own: the build's JSON handling does not
//   take an id ending in a query for JSON.
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { isBootMessageId } from '../src/i18n/boot-messages';

const LOCALE_FILE = /\/src\/i18n\/messages\/[a-z]{2}\.json(\?boot)?$/;

export function messagesPlugin(opts: { precompile: boolean }): Plugin {
  return {
    name: 'locale-messages',
    enforce: 'pre',
    transform(code, id) {
      const file = LOCALE_FILE.exec(id);
      if (!file) return null;
      const boot = file[1] !== undefined;
      if (!boot && !opts.precompile) return null;
      const entries = Object.entries(JSON.parse(code) as Record<string, string>).filter(([key]) => !boot || isBootMessageId(key));
      const messages = Object.fromEntries(opts.precompile ? entries.map(([key, text]) => [key, parse(text)]) : entries);
      if (boot) return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});`, map: null, moduleType: 'js' };
      return { code: JSON.stringify(messages), map: null };
    },
  };
}
