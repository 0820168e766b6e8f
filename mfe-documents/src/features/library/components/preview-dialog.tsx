import type { DocumentSummary } from '@formwerk/contracts';
import { Button, useModalDialog } from '@formwerk/ui';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkBoundary } from '../../../components/chunk-boundary';
import { documentFileUrl } from '../api/library-api';

// The viewer and PDF.js are a chunk of their own, fetched when the first preview opens: the list never
// carries them.
const PdfViewer = lazy(() => import('./pdf-viewer').then((module) => ({ default: module.PdfViewer })));

type PreviewDialogProps = {
  document: Pick<DocumentSummary, 'id' | 'name'> | null;
  /** Where the document's bytes are (the library's by default; "Shared with me" has its own). */
  fileUrlOf?: typeof documentFileUrl;
  onClose: () => void;
};

/**
 * A document's pages in a modal dialog: page by page, with zoom, by mouse or keyboard. A native modal
 * <dialog> keeps focus inside, closes on Escape and gives focus back to the button that opened it.
 */
export function PreviewDialog({ document, fileUrlOf = documentFileUrl, onClose }: PreviewDialogProps) {
  const { t } = useTranslation('documents');
  const isOpen = document !== null;
  const dialog = useModalDialog(isOpen, onClose);
  const titleId = useId();

  const failed = <p role="alert">{t('library.preview.failed')}</p>;

  return (
    <dialog ref={dialog} className="ui-dialog library-preview" aria-labelledby={titleId}>
      {document ? (
        <div className="library-preview__body">
          <div className="library-preview__header">
            <h2 id={titleId}>{document.name}</h2>
            <div className="library-preview__header-actions">
              <a
                className="ui-button ui-button--secondary ui-button--small"
                href={fileUrlOf(document.id)}
                download={document.name}
              >
                {t('library.actions.download')}
              </a>
              <Button variant="secondary" className="ui-button--small" onClick={onClose}>
                {t('library.preview.close')}
              </Button>
            </div>
          </div>
          <ChunkBoundary key={document.id} fallback={failed}>
            <Suspense fallback={<p role="status">{t('library.preview.loading')}</p>}>
              <PdfViewer url={fileUrlOf(document.id, { inline: true })} />
            </Suspense>
          </ChunkBoundary>
        </div>
      ) : null}
    </dialog>
  );
}
