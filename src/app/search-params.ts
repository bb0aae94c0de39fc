// Plain query strings for the router (?bot=1000000000000001, not TanStack Router's default
// ?bot=%221000000000000001%22). Every search value the app uses is a string (bot, catalog), so
// values are read as the strings they are and written as they are; an object or array (none
// today) would still be written as JSON text, never lost.
import type { SearchParser, SearchSerializer } from '@tanstack/react-router';

export const parsePlainSearch: SearchParser = (searchStr) => {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  const out: Record<string, string> = {};
  // a repeated key keeps its first value (no route takes lists)
  for (const [key, value] of params) if (!(key in out)) out[key] = value;
  return out;
};

export const stringifyPlainSearch: SearchSerializer = (search) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};
