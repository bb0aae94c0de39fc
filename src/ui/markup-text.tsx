// A message text with its markup (src/domain/markup.ts) as React elements. Text reaches the DOM
// only as React text children and links only with an href that safeHref() accepted (https,
// mailto, tel), so no message can inject markup or a script URL. There is no HTML sink here.
import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkup, type MarkupNode } from '../domain/markup';
import './markup-text.css';

function render(nodes: MarkupNode[], keyPrefix: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${keyPrefix}.${index}`;
    switch (node.kind) {
      case 'text': return <Fragment key={key}>{node.text}</Fragment>;
      case 'break': return <br key={key} />;
      case 'bold': return <strong key={key}>{render(node.children, key)}</strong>;
      case 'italic': return <em key={key}>{render(node.children, key)}</em>;
      case 'strike': return <s key={key}>{render(node.children, key)}</s>;
      case 'code': return node.block
        ? <pre key={key} className="markup__pre"><code>{node.text}</code></pre>
        : <code key={key} className="markup__code">{node.text}</code>;
      case 'heading': return <span key={key} className="markup__heading" role="heading" aria-level={3}>{render(node.children, key)}</span>;
      case 'link': return (
        <a key={key} className="markup__link" href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {render(node.children, key)}
        </a>
      );
    }
  });
}

export function MarkupText({ text }: { text: string }) {
  const nodes = useMemo(() => parseMarkup(text), [text]);
  return <span className="markup">{render(nodes, 'm')}</span>;
}
