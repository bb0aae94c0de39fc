// The build's index.html (scripts/splash-first-plugin.ts): the entry's stylesheets leave <head>
// for the end of <body>, after the splash, in their order; nothing else moves.
import { expect, it } from 'vitest';
import { moveStylesheetsAfterSplash } from '../../../scripts/splash-first-plugin';

const built = `<!doctype html>
<html>
  <head>
    <style>html{background:#f3f6f5}</style>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
    <link rel="stylesheet" crossorigin href="/assets/a.css">
    <link rel="stylesheet" crossorigin href="/assets/b.css">
  </head>
  <body>
    <div id="root"></div>
    <div id="boot" aria-hidden="true"><svg></svg></div>
  </body>
</html>
`;

it('moves the stylesheets after the splash, in order, and keeps the rest in place', () => {
  const html = moveStylesheetsAfterSplash(built);
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).not.toContain('rel="stylesheet"');
  expect(head).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
  expect(head).toContain('rel="modulepreload"');
  const body = html.slice(html.indexOf('<body>'));
  expect(body.indexOf('id="boot"')).toBeLessThan(body.indexOf('a.css'));
  expect(body.indexOf('a.css')).toBeLessThan(body.indexOf('b.css'));
  expect(body.indexOf('b.css')).toBeLessThan(body.indexOf('</body>'));
  expect(html.match(/rel="stylesheet"/g)).toHaveLength(2);
});

it('leaves a page without stylesheets as it is', () => {
  const plain = built.replace(/\s*<link rel="stylesheet"[^>]*>/g, '');
  expect(moveStylesheetsAfterSplash(plain)).toBe(plain);
});
