// The markup renderer against a corpus of XSS payloads (issue 4: at least 1,000). Each payload is
// rendered the way the app renders a message, with react-dom/server, and the HTML is checked: only
// the renderer's own tags and attributes may appear, and every href is https, mailto or tel.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkupText } from '../../../src/ui/markup-text';
import { xssCorpus } from '../../fixtures/xss-corpus';

const ALLOWED_TAGS = new Set(['span', 'strong', 'em', 's', 'code', 'pre', 'a', 'br']);
const ALLOWED_ATTRIBUTES = new Set(['class', 'href', 'target', 'rel', 'role', 'aria-level']);

/** Every problem of one rendered HTML string; none means safe. */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  for (const tag of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const name = tag[1]!.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) problems.push(`tag <${name}>`);
    for (const attr of tag[2]!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      const attrName = attr[1]!.toLowerCase();
      if (!ALLOWED_ATTRIBUTES.has(attrName)) problems.push(`attribute ${attrName}`);
      if (attrName === 'href') {
        const href = (attr[2] ?? '').replace(/&amp;/g, '&');
        if (!/^(https:\/\/[^/\s]|mailto:|tel:)/.test(href)) problems.push(`href ${href}`);
        if (/javascript:|vbscript:|data:/i.test(decodeURIComponent(href.replace(/%(?![0-9a-f]{2})/gi, '%25')))) problems.push(`script in href ${href}`);
      }
    }
  }
  return problems;
}

describe('MarkupText renders hostile text harmlessly', () => {
  const corpus = xssCorpus();

  it('has at least 1,000 payloads', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(1000);
  });

  it('no payload yields a foreign tag, an event attribute or a dangerous URL', () => {
    const failures: string[] = [];
    for (const payload of corpus) {
      const html = renderToStaticMarkup(<MarkupText text={payload} />);
      const problems = problemsOf(html);
      if (problems.length > 0) failures.push(`${JSON.stringify(payload)} → ${problems.join(', ')}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it('the checker itself catches what it must (it can fail)', () => {
    expect(problemsOf('<img src=x onerror=alert(1)>')).toContain('tag <img>');
    expect(problemsOf('<a href="javascript:alert(1)">x</a>')).toContain('href javascript:alert(1)');
    expect(problemsOf('<span onclick="x">y</span>')).toContain('attribute onclick');
    expect(problemsOf('<a href="https://a.in/">x</a>')).toEqual([]);
  });

  it('keeps the visible text of a payload (nothing is lost, only made inert)', () => {
    const html = renderToStaticMarkup(<MarkupText text={'<script>alert(1)</script>'} />);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
