// A catalogue text with **bold** parts (e.g. 'Message type **not supported**, please **refresh**,
// clear cache if problem persists'), as React text and <strong> elements.
import { Fragment } from 'react';

export function BoldRunsText({ runs }: { runs: readonly { text: string; bold: boolean }[] }) {
  return (
    <>
      {runs.map((run, i) => (run.bold ? <strong key={i}>{run.text}</strong> : <Fragment key={i}>{run.text}</Fragment>))}
    </>
  );
}
