// The text markup of bot messages (spec part 1 §5): *bold*, _italic_, ~strikethrough~,
// ```code```, links and '# ' headings. It parses into a small tree that the UI turns into React
// elements (src/ui/markup-text.tsx): no HTML is ever produced from message text, so nothing in a
// message can become a tag or an attribute. Only https, mailto and tel links become links; any
// other scheme (javascript:, data:, http: ...) stays plain text.
//
// Emphasis follows the chat-app convention: a marker opens only at the start of a word (after
// start, space or punctuation) before a non-space, and closes after a non-space before the end
// of a word, on the same line; so snake_case_names and 2*3*4 stay as they are.

export type MarkupNode =
  | { kind: 'text'; text: string }
  | { kind: 'bold' | 'italic' | 'strike'; children: MarkupNode[] }
  | { kind: 'code'; text: string; block: boolean }
  | { kind: 'link'; href: string; children: MarkupNode[] }
  | { kind: 'heading'; children: MarkupNode[] }
  | { kind: 'break' };

const SAFE_SCHEMES = new Set(['https:', 'mailto:', 'tel:']);
/** Characters that never belong in a followed URL (spaces, controls, quotes, angle brackets). */
// eslint-disable-next-line no-control-regex
const UNSAFE_URL_CHARS = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u2060\u3000\ufeff"'<>`\\]/;

/** The normalised href of a link the app may follow (https with a host, mailto, tel), else null. */
export function safeHref(raw: string): string | null {
  if (raw.length === 0 || raw.length > 2048 || UNSAFE_URL_CHARS.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!SAFE_SCHEMES.has(url.protocol)) return null;
  if (url.protocol === 'https:' && url.hostname === '') return null;
  // A mailto must name an address and a tel only a number: 'mailto:javascript:…' is neither.
  if (url.protocol === 'mailto:' && !/^mailto:[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}(\?[^:]*)?$/.test(url.href)) return null;
  if (url.protocol === 'tel:' && !/^tel:\+?[0-9()\-.%]{3,40}$/.test(url.href)) return null;
  return url.href;
}

const MARKERS: Record<string, 'bold' | 'italic' | 'strike'> = { '*': 'bold', _: 'italic', '~': 'strike' };
const isSpace = (c: string | undefined): boolean => c === undefined || /\s/.test(c);
const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Bare links: https://…, mailto:…, tel:…, and http(s) only as text when unsafe. */
const BARE_LINK = /(?:https:\/\/|mailto:|tel:)[^\s<>"'`]+/iy;
/** [label](url): the label may hold emphasis; the url has no spaces or parentheses. */
const LABELLED_LINK = /\[([^\]\n]{1,500})\]\(([^()\s]{1,2048})\)/y;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

function pushText(out: MarkupNode[], text: string): void {
  if (text === '') return;
  const last = out[out.length - 1];
  if (last && last.kind === 'text') last.text += text;
  else out.push({ kind: 'text', text });
}

/** Inline markup of one line (no line breaks inside). Depth bounds nesting so input cannot blow the stack. */
function parseInline(line: string, depth = 0): MarkupNode[] {
  const out: MarkupNode[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;

    if (c === '[') {
      LABELLED_LINK.lastIndex = i;
      const m = LABELLED_LINK.exec(line);
      if (m) {
        const href = safeHref(m[2]!);
        if (href) out.push({ kind: 'link', href, children: depth < 4 ? parseInline(m[1]!, depth + 1) : [{ kind: 'text', text: m[1]! }] });
        else pushText(out, m[0]);
        i += m[0].length;
        continue;
      }
    }

    if ((c === 'h' || c === 'H' || c === 'm' || c === 'M' || c === 't' || c === 'T') && !isWordChar(line[i - 1])) {
      BARE_LINK.lastIndex = i;
      const m = BARE_LINK.exec(line);
      if (m) {
        const raw = m[0].replace(TRAILING_PUNCTUATION, '');
        const href = safeHref(raw);
        if (href) {
          out.push({ kind: 'link', href, children: [{ kind: 'text', text: raw }] });
          i += raw.length;
          continue;
        }
      }
    }

    const kind = MARKERS[c];
    if (kind && depth < 8 && !isWordChar(line[i - 1]) && !isSpace(line[i + 1]) && line[i + 1] !== c) {
      const close = findClose(line, i + 1, c);
      if (close > i + 1) {
        out.push({ kind, children: parseInline(line.slice(i + 1, close), depth + 1) });
        i = close + 1;
        continue;
      }
    }

    pushText(out, c);
    i += 1;
  }
  return out;
}

/** The closing marker after `from`: preceded by a non-space and not followed by a word character. */
function findClose(line: string, from: number, marker: string): number {
  for (let j = from + 1; j < line.length; j++) {
    if (line[j] === marker && !isSpace(line[j - 1]) && !isWordChar(line[j + 1])) return j;
  }
  return -1;
}

function parseLines(text: string, out: MarkupNode[]): void {
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (index > 0) out.push({ kind: 'break' });
    if (line.startsWith('# ')) out.push({ kind: 'heading', children: parseInline(line.slice(2)) });
    else out.push(...parseInline(line));
  });
}

/** The markup tree of a message text. Code (```…```) is taken first and holds no other markup. */
export function parseMarkup(text: string): MarkupNode[] {
  const out: MarkupNode[] = [];
  const fence = '```';
  let rest = text.replace(/\r\n?/g, '\n');
  for (;;) {
    const open = rest.indexOf(fence);
    const close = open < 0 ? -1 : rest.indexOf(fence, open + fence.length);
    if (open < 0 || close < 0) break;
    parseLines(rest.slice(0, open), out);
    const code = rest.slice(open + fence.length, close);
    if (code.length > 0) out.push({ kind: 'code', text: code.replace(/^\n/, '').replace(/\n$/, ''), block: code.includes('\n') });
    else pushText(out, fence + fence);
    rest = rest.slice(close + fence.length);
  }
  if (rest !== '') parseLines(rest, out);
  return out;
}

/** The plain text of a markup string (previews, notifications, accessible names). */
export function markupToPlainText(text: string): string {
  const flatten = (nodes: MarkupNode[]): string =>
    nodes.map((n) => {
      switch (n.kind) {
        case 'text': return n.text;
        case 'code': return n.text;
        case 'break': return '\n';
        default: return flatten(n.children);
      }
    }).join('');
  return flatten(parseMarkup(text));
}
