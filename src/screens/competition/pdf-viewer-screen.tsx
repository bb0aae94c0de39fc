// /pdf-viewer?media={id}&title=…: a certificate rendered in the app with pdf.js (this lazy chunk
// only), from the device's media cache: fetched with the media token the first time, then
// readable offline. Download saves the same bytes as a file.
import { useEffect, useRef, useState } from 'react';
import { certificateFile } from '../../db/commands';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import { useParam, ZonePage } from './zone-ui';

type PdfJs = typeof import('pdfjs-dist');

let pdfjs: Promise<PdfJs> | null = null;
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

export default function PdfViewerScreen() {
  const t = useT();
  const mediaUuid = useParam('media');
  const title = useParam('title') || t('competition.pdf.title');
  const pages = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  const [blobUrl, setBlobUrl] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let url: string | null = null;
    void (async () => {
      const file = await certificateFile(mediaUuid);
      if (cancelled) return;
      if (!file.ok) {
        setState('failed');
        return;
      }
      url = URL.createObjectURL(file.value);
      setBlobUrl(url);
      try {
        const lib = await loadPdfJs();
        const doc = await lib.getDocument({ data: new Uint8Array(await file.value.arrayBuffer()), isEvalSupported: false }).promise;
        const host = pages.current;
        if (cancelled || !host) return;
        host.replaceChildren();
        for (let n = 1; n <= doc.numPages; n++) {
          const page = await doc.getPage(n);
          const viewport = page.getViewport({ scale: 2 });
          const canvas = document.createElement('canvas');
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', t('competition.pdf.page', { n }));
          host.append(canvas);
          await page.render({ canvas, viewport }).promise;
        }
        setState('shown');
      } catch (err) {
        console.error('pdf viewer failed', err);
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per file
  }, [mediaUuid]);

  return (
    <ZonePage title={title}>
      {state === 'loading' && <p className="competition__note" role="status">{t('competition.loading')}</p>}
      {state === 'failed' && <p className="competition__note competition__note--error" role="alert" data-testid="pdf-failed">{t('competition.pdf.failed')}</p>}
      <div className="pdf-viewer__pages" ref={pages} data-testid="pdf-pages" data-state={state} />
      {blobUrl && <a className="competition__button-link" href={blobUrl} download={`${title}.pdf`}>{t('competition.pdf.download')}</a>}
      {blobUrl && state === 'failed' && <Button variant="secondary" onClick={() => window.open(blobUrl)}>{t('competition.pdf.title')}</Button>}
    </ZonePage>
  );
}
