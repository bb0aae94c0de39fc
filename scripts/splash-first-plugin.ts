// The splash paints before the app's stylesheets arrive (issue 20, bench/README.md "network").
// Vite puts the entry's stylesheets in <head>, where they block every paint until they are
// downloaded; on a 1.6 Mbit/s link they share it with the entry's module preloads, and the splash
// (index.html's inline style and logo) waited about a second longer than a bare page. Moved to the
// end of <body>, after the splash, they still block everything after them, and the app's module
// scripts still wait for them (parser-inserted style sheets block scripts), so the app never
// renders unstyled; only the splash, which needs none of them, paints first.
import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

export function moveStylesheetsAfterSplash(html: string): string {
  const head = html.slice(0, html.indexOf('</head>'));
  const links = head.match(STYLESHEET) ?? [];
  if (links.length === 0) return html;
  const withoutLinks = head.replace(STYLESHEET, '') + html.slice(head.length);
  const bodyEnd = withoutLinks.lastIndexOf('</body>');
  const before = withoutLinks.slice(0, bodyEnd).trimEnd();
  return `${before}\n${links.map((l) => `    ${l.trim()}\n`).join('')}  ${withoutLinks.slice(bodyEnd)}`;
}

export function splashFirst(): Plugin {
  return {
    name: 'splash-first',
    apply: 'build',
    // after Vite has put in its own tags
    transformIndexHtml: { order: 'post', handler: moveStylesheetsAfterSplash },
  };
}
