import { describe, expect, it } from 'vitest';
import { markupToPlainText, parseMarkup, safeHref } from '../../../src/domain/markup';

describe('parseMarkup (spec part 1 §5 text markup)', () => {
  it('bold, italic, strikethrough', () => {
    expect(parseMarkup('a *b* _c_ ~d~')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'bold', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'italic', children: [{ kind: 'text', text: 'c' }] },
      { kind: 'text', text: ' ' },
      { kind: 'strike', children: [{ kind: 'text', text: 'd' }] },
    ]);
  });
  it('nests emphasis', () => {
    expect(parseMarkup('*bold _and italic_*')).toEqual([
      { kind: 'bold', children: [{ kind: 'text', text: 'bold ' }, { kind: 'italic', children: [{ kind: 'text', text: 'and italic' }] }] },
    ]);
  });
  it('leaves markers inside words and around spaces alone', () => {
    for (const s of ['snake_case_name', '2*3*4', 'a * b * c', '* not bold*', '*not bold *', 'x~y~z', '**', '__']) {
      expect(parseMarkup(s)).toEqual([{ kind: 'text', text: s }]);
    }
  });
  it('does not cross lines', () => {
    expect(parseMarkup('*a\nb*')).toEqual([{ kind: 'text', text: '*a' }, { kind: 'break' }, { kind: 'text', text: 'b*' }]);
  });
  it('code, inline and block, holds no other markup', () => {
    expect(parseMarkup('run ```*x*``` now')).toEqual([
      { kind: 'text', text: 'run ' }, { kind: 'code', text: '*x*', block: false }, { kind: 'text', text: ' now' },
    ]);
    expect(parseMarkup('```\nline 1\nline 2\n```')).toEqual([{ kind: 'code', text: 'line 1\nline 2', block: true }]);
    expect(parseMarkup('``` unclosed')).toEqual([{ kind: 'text', text: '``` unclosed' }]);
  });
  it('headings start a line with "# "', () => {
    expect(parseMarkup('# Title\nbody')).toEqual([
      { kind: 'heading', children: [{ kind: 'text', text: 'Title' }] }, { kind: 'break' }, { kind: 'text', text: 'body' },
    ]);
    expect(parseMarkup('#hashtag')).toEqual([{ kind: 'text', text: '#hashtag' }]);
  });
  it('links: bare https, mailto and tel, and [label](url)', () => {
    expect(parseMarkup('see https://example.com/a?b=1.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', href: 'https://example.com/a?b=1', children: [{ kind: 'text', text: 'https://example.com/a?b=1' }] },
      { kind: 'text', text: '.' },
    ]);
    expect(parseMarkup('[*Call* us](tel:+911234567890)')).toEqual([
      { kind: 'link', href: 'tel:+911234567890', children: [{ kind: 'bold', children: [{ kind: 'text', text: 'Call' }] }, { kind: 'text', text: ' us' }] },
    ]);
    expect(parseMarkup('mail mailto:help@example.com')[1]).toEqual({ kind: 'link', href: 'mailto:help@example.com', children: [{ kind: 'text', text: 'mailto:help@example.com' }] });
  });
  it('other schemes stay text', () => {
    for (const s of ['http://example.com', '[x](javascript:alert(1))', '[x](http://example.com)', '[x](data:text/html,hi)', 'ftp://x.org']) {
      expect(parseMarkup(s).every((n) => n.kind === 'text')).toBe(true);
    }
  });
  it('markupToPlainText drops the markers', () => {
    expect(markupToPlainText('# Hi\n*bold* [site](https://a.in) ```c```')).toBe('Hi\nbold site c');
  });
  it('survives deep nesting and long input quickly', () => {
    const deep = '*_~'.repeat(2000) + 'x' + '~_*'.repeat(2000);
    const started = Date.now();
    expect(markupToPlainText(deep).includes('x')).toBe(true);
    expect(parseMarkup('a'.repeat(100_000))).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['HTTPS://Example.com/x', 'https://example.com/x'],
    ['mailto:a@b.in', 'mailto:a@b.in'],
    ['tel:+91-98765-43210', 'tel:+91-98765-43210'],
  ])('%s → %s', (raw, href) => expect(safeHref(raw)).toBe(href));
  it.each([
    'javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>',
    'vbscript:msgbox', 'http://example.com', 'https://', '//example.com', 'tel:javascript:alert(1)', 'https://a.in/"onmouseover="x',
    'https://a.in/\u2028', 'file:///etc/passwd', 'blob:https://a.in/x', 'about:blank', '',
  ])('refuses %j', (raw) => expect(safeHref(raw)).toBeNull());
});
