import { Button, Icon } from '@formwerk/ui';
import { ChevronLeft, ChevronRight, MoveHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';

// PDF.js parses in a worker. The page runs on the shell's origin and this chunk comes from the
// remote's: PDF.js then starts a module worker from a same-origin blob that imports this URL (CORS
// allows the site's origins); where the page's Content-Security-Policy refuses blob: workers, PDF.js
// imports the same module on the page instead ("fake worker"). Set here, beside the components, as
// react-pdf asks (its README: "Configure PDF.js worker").
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.mjs', import.meta.url).toString();

// Zoom steps as a share of the page's own size (1 = 100 %); "fit" follows the dialog's width.
const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
type Zoom = number | 'fit';
// The frame's inner padding, left and right, that a page fitted to its width leaves free.
const framePadding = 32;

const isTypingTarget = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.isContentEditable);

/** The pages of one PDF, one at a time, with page navigation and zoom; used only by PreviewDialog. */
export function PdfViewer({ url }: { url: string }) {
  const { t } = useTranslation('documents');
  const pageInputId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const [pageCount, setPageCount] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageInput, setPageInput] = useState('1');
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [frameWidth, setFrameWidth] = useState(0);
  const [pageWidth, setPageWidth] = useState(0);
  const [hasFailed, setHasFailed] = useState(false);

  // The width a fitted page takes follows the dialog (a phone turned, a window resized).
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setFrameWidth(Math.max(120, element.clientWidth - framePadding));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const effectiveScale = zoom === 'fit' ? (pageWidth > 0 ? frameWidth / pageWidth : 1) : zoom;
  const goTo = (target: number) => {
    const next = Math.min(Math.max(1, target), Math.max(1, pageCount));
    setPageNumber(next);
    setPageInput(String(next));
    frame.current?.scrollTo?.({ top: 0 });
  };
  const zoomIn = () => setZoom(zoomSteps.find((step) => step > effectiveScale + 0.01) ?? zoomSteps.at(-1) ?? 1);
  const zoomOut = () =>
    setZoom([...zoomSteps].reverse().find((step) => step < effectiveScale - 0.01) ?? zoomSteps[0] ?? 1);

  const onKeyDown = (event: KeyboardEvent) => {
    if (isTypingTarget(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case 'ArrowRight':
        goTo(pageNumber + 1);
        break;
      case 'ArrowLeft':
        goTo(pageNumber - 1);
        break;
      case '+':
      case '=':
        zoomIn();
        break;
      case '-':
        zoomOut();
        break;
      case '0':
        setZoom('fit');
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const percent = Math.round(effectiveScale * 100);
  const pageText = t('library.preview.page', { page: pageNumber, count: pageCount || 1 });

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the viewer's controls are buttons; these keys are shortcuts to them, anywhere in it but its page field
    <div className="library-viewer" onKeyDown={onKeyDown}>
      {hasFailed ? (
        <p role="alert">{t('library.preview.failed')}</p>
      ) : (
        <>
          <div className="library-viewer__toolbar" role="toolbar" aria-label={t('library.preview.toolbar')}>
            <div className="library-viewer__group">
              <Button
                variant="secondary"
                className="ui-button--small"
                title={t('library.preview.previousPage')}
                disabled={pageNumber <= 1}
                onClick={() => goTo(pageNumber - 1)}
              >
                <Icon icon={ChevronLeft} />
                <span className="ui-phone-hidden">{t('library.preview.previousPage')}</span>
              </Button>
              <label htmlFor={pageInputId} className="library-viewer__page">
                {t('library.preview.pageNumber')}
              </label>
              <input
                id={pageInputId}
                className="ui-input library-viewer__page-input"
                type="number"
                inputMode="numeric"
                min={1}
                max={pageCount || 1}
                value={pageInput}
                onChange={(event) => {
                  setPageInput(event.target.value);
                  const wanted = Number(event.target.value);
                  if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pageCount) goTo(wanted);
                }}
                onBlur={() => setPageInput(String(pageNumber))}
              />
              <span>{t('library.preview.pageOf', { count: pageCount || 1 })}</span>
              <Button
                variant="secondary"
                className="ui-button--small"
                title={t('library.preview.nextPage')}
                disabled={pageNumber >= pageCount}
                onClick={() => goTo(pageNumber + 1)}
              >
                <Icon icon={ChevronRight} />
                <span className="ui-phone-hidden">{t('library.preview.nextPage')}</span>
              </Button>
            </div>
            <div className="library-viewer__group">
              <Button
                variant="secondary"
                className="ui-button--small"
                title={t('library.preview.zoomOut')}
                disabled={effectiveScale <= (zoomSteps[0] ?? 0) + 0.01}
                onClick={zoomOut}
              >
                <Icon icon={ZoomOut} />
                <span className="ui-phone-hidden">{t('library.preview.zoomOut')}</span>
              </Button>
              <span className="library-viewer__zoom">{t('library.preview.zoom', { percent })}</span>
              <Button
                variant="secondary"
                className="ui-button--small"
                title={t('library.preview.zoomIn')}
                disabled={effectiveScale >= (zoomSteps.at(-1) ?? 3) - 0.01}
                onClick={zoomIn}
              >
                <Icon icon={ZoomIn} />
                <span className="ui-phone-hidden">{t('library.preview.zoomIn')}</span>
              </Button>
              <Button
                variant="secondary"
                className="ui-button--small"
                title={t('library.preview.fitWidth')}
                aria-pressed={zoom === 'fit'}
                onClick={() => setZoom('fit')}
              >
                <Icon icon={MoveHorizontal} />
                <span className="ui-phone-hidden">{t('library.preview.fitWidth')}</span>
              </Button>
            </div>
          </div>
          <p className="ui-hint library-viewer__keys">{t('library.preview.keys')}</p>
          <p className="ui-visually-hidden" role="status">
            {pageCount ? pageText : ''}
          </p>
          {/* biome-ignore lint/a11y/useSemanticElements: the frame groups the page's picture, not form controls */}
          <div
            ref={frame}
            className="library-viewer__frame"
            role="group"
            aria-label={pageText}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a page larger than the frame scrolls; a keyboard must reach it
            tabIndex={0}
          >
            {/* Without suspense (react-pdf 11 suspends by default): a page that loads would hide the whole
                viewer behind the dialog's fallback and take focus off the button just pressed. */}
            <Document
              file={url}
              suspense={false}
              loading={<p className="ui-hint">{t('library.preview.loading')}</p>}
              error={<p role="alert">{t('library.preview.failed')}</p>}
              onLoadSuccess={(pdf) => setPageCount(pdf.numPages)}
              onLoadError={() => setHasFailed(true)}
            >
              {frameWidth > 0 ? (
                <Page
                  suspense={false}
                  pageNumber={pageNumber}
                  {...(zoom === 'fit' ? { width: frameWidth } : { scale: zoom })}
                  renderTextLayer={false}
                  renderAnnotationLayer={false}
                  loading={<p className="ui-hint">{t('library.preview.loading')}</p>}
                  onLoadSuccess={(page) => setPageWidth(page.originalWidth)}
                />
              ) : null}
            </Document>
          </div>
        </>
      )}
    </div>
  );
}
