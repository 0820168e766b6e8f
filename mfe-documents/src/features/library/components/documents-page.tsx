import type { DocumentFolder, DocumentSummary } from '@formwerk/contracts';
import { useLocale } from '@formwerk/platform';
import { Button, ConfirmDialog, Icon, ListPage } from '@formwerk/ui';
import { FolderPlus, Upload } from 'lucide-react';
import { type DragEvent, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ChunkBoundary } from '../../../components/chunk-boundary';
import { ListPagination } from '../../../components/list-pagination';
import { withAreaQueries } from '../../../query/area-queries';
import { ShareDialog } from '../../sharing/components/share-dialog';
import { RequestsSwitch } from '../../signing-requests/components/requests-switch';
import { useLibrary } from '../hooks/use-library';
import { useLibraryActions } from '../hooks/use-library-actions';
import { toLibraryQuery, useLibraryParams } from '../hooks/use-library-params';
import { useUploads } from '../hooks/use-uploads';
import { documentMaxBytes, documentNameMaxLength, folderNameMaxLength, formatMegabytes } from '../utils/file-size';
import { DocumentTable } from './document-table';
import { FolderNav } from './folder-nav';
import { LibrarySearch } from './library-search';
import { MoveDialog } from './move-dialog';
import { NameDialog } from './name-dialog';
import { PreviewDialog } from './preview-dialog';
import { StorageMeter } from './storage-meter';
import { UploadList } from './upload-list';
import './library.css';

const resultsId = 'library-results';

// Sending a document for signature and the requests sent are chunks of their own, fetched when opened.
const SendDocumentView = lazy(() =>
  import('../../signing-send/components/send-document-view').then((module) => ({ default: module.SendDocumentView })),
);
const SigningRequestsView = lazy(() =>
  import('../../signing-requests/components/signing-requests-view').then((module) => ({
    default: module.SigningRequestsView,
  })),
);
const objectId = /^[0-9a-f]{24}$/;

type FolderDialog = { kind: 'create' } | { kind: 'rename'; folder: DocumentFolder } | null;

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * /v1/documents: the team's PDF library. Upload by dropping files anywhere on the page or choosing
 * them, each with its progress; search, folders and the page in the address; preview, download,
 * rename, move and delete each document; what the library takes of the team's storage.
 */
function LibraryPage() {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const location = useLocation();
  const [params, changeParams] = useLibraryParams();
  const { list, errorKey, isLoading, reload } = useLibrary({
    page: params.page,
    folderId: params.folder,
    search: params.search,
  });
  const [message, setMessage] = useState('');
  const [actionErrorKey, setActionErrorKey] = useState<string | null>(null);
  const actions = useLibraryActions({ reload, announce: setMessage, onError: setActionErrorKey });
  const uploads = useUploads(reload, setMessage);
  const fileInput = useRef<HTMLInputElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // Drag events fire for every element the pointer crosses: counting enters and leaves tells when it left the page.
  const dragDepth = useRef(0);
  const [isDragging, setIsDragging] = useState(false);
  const [preview, setPreview] = useState<DocumentSummary | null>(null);
  const [sharing, setSharing] = useState<DocumentSummary | null>(null);
  const [renaming, setRenaming] = useState<DocumentSummary | null>(null);
  const [moving, setMoving] = useState<DocumentSummary | null>(null);
  const [deleting, setDeleting] = useState<DocumentSummary | null>(null);
  const [folderDialog, setFolderDialog] = useState<FolderDialog>(null);
  const [deletingFolder, setDeletingFolder] = useState<DocumentFolder | null>(null);

  const folders = list?.folders ?? [];
  const currentFolder = folders.find((folder) => folder.id === params.folder) ?? null;

  // A page past the end (the last document of the last page deleted, an old link) shows the last one.
  useEffect(() => {
    if (list && list.pageCount > 0 && params.page > list.pageCount) {
      changeParams({ page: list.pageCount }, { replace: true });
    }
  }, [list, params.page, changeParams]);

  const chooseFiles = () => fileInput.current?.click();
  const upload = (files: File[]) => {
    if (files.length > 0) uploads.add(files, params.folder);
  };

  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current += 1;
    setIsDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setIsDragging(false);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current = 0;
    setIsDragging(false);
    upload([...event.dataTransfer.files]);
  };

  const hrefOfFolder = (folderId: string) => {
    const query = toLibraryQuery({ search: params.search, folder: folderId, page: 1 }).toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };

  const onConfirmDelete = async (document: DocumentSummary) => {
    setDeleting(null);
    await actions.deleteDocument(document);
    resultsHeading.current?.focus();
  };
  const onConfirmDeleteFolder = async (folder: DocumentFolder) => {
    setDeletingFolder(null);
    const isDeleted = await actions.deleteFolder(folder);
    if (isDeleted && params.folder === folder.id) changeParams({ folder: '', page: 1 });
    resultsHeading.current?.focus();
  };
  const onMove = async (document: DocumentSummary, folderId: string) => {
    setMoving(null);
    await actions.moveDocument(document, folders.find((folder) => folder.id === folderId) ?? null);
  };

  const uploadButton = (
    <Button onClick={chooseFiles}>
      <Icon icon={Upload} />
      {t('library.upload.choose')}
    </Button>
  );
  const isTeamEmpty = list !== null && list.total === 0 && !params.search && !params.folder;
  const documents = list?.documents ?? [];

  let empty: ReactNode = null;
  if (list && documents.length === 0) {
    if (params.search) {
      empty = (
        <>
          <p>{t('library.search.noResults', { search: params.search })}</p>
          <Button variant="secondary" onClick={() => changeParams({ search: '', page: 1 })}>
            {t('library.search.clear')}
          </Button>
        </>
      );
    } else if (params.folder) {
      empty = <p className="library-empty-text">{t('library.folders.empty')}</p>;
    } else {
      empty = (
        <>
          <h3>{t('library.empty.title')}</h3>
          <p className="library-empty-text">{t('library.empty.what')}</p>
          <p className="library-empty-text">{t('library.empty.how')}</p>
          {uploadButton}
        </>
      );
    }
  }

  return (
    // Files dropped anywhere on the page are uploaded; the button does the same by keyboard.
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files, which "PDFs hochladen" offers to every user too
    <div
      className={`library${isDragging ? ' library--dragging' : ''}`}
      onDragEnter={onDragEnter}
      onDragLeave={onDragLeave}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <input
        ref={fileInput}
        type="file"
        accept="application/pdf,.pdf"
        multiple
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          upload(files);
        }}
      />
      <RequestsSwitch current="library" />
      <ListPage
        eyebrow={t('area')}
        title={t('pages.documents.title')}
        description={t('pages.documents.description')}
        actions={
          <div className="library-header-actions">
            {uploadButton}
            <Button variant="secondary" onClick={() => setFolderDialog({ kind: 'create' })}>
              <Icon icon={FolderPlus} />
              {t('library.folders.new')}
            </Button>
          </div>
        }
        filters={
          <div className="library-filters">
            {list ? <FolderNav folders={folders} current={params.folder} hrefOf={hrefOfFolder} /> : null}
            <div className="ui-toolbar library-toolbar">
              <LibrarySearch search={params.search} onParamsChange={changeParams} />
              {currentFolder ? (
                <div className="library-folder-actions">
                  <Button
                    variant="secondary"
                    className="ui-button--small"
                    onClick={() => setFolderDialog({ kind: 'rename', folder: currentFolder })}
                  >
                    {t('library.folders.rename')}
                  </Button>
                  <Button
                    variant="secondary"
                    className="ui-button--small ui-button--danger"
                    onClick={() => setDeletingFolder(currentFolder)}
                  >
                    {t('library.folders.delete')}
                  </Button>
                </div>
              ) : null}
              {list ? <StorageMeter storage={list.storage} /> : null}
            </div>
            {isTeamEmpty ? null : (
              <p className="ui-hint library-drop-hint">
                {t('library.upload.dropHint', { max: formatMegabytes(documentMaxBytes, locale) })}
              </p>
            )}
            <UploadList items={uploads.items} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
          </div>
        }
        resultsId={resultsId}
        resultsTitle={list ? t('library.count', { count: list.total }) : t('pages.documents.title')}
        resultsHeadingRef={resultsHeading}
        isLoading={isLoading}
        loadingText={t('library.loading')}
        message={message}
        actionError={actionErrorKey ? t(actionErrorKey) : undefined}
        loadError={errorKey ? t(errorKey) : undefined}
        retryText={t('library.retry')}
        onRetry={reload}
        empty={empty}
        footer={
          list ? (
            <ListPagination
              page={list.page}
              pageCount={list.pageCount}
              onPageChange={(page) => changeParams({ page })}
            />
          ) : null
        }
      >
        {list?.search?.isIncomplete ? <p className="ui-notice">{t('library.search.incomplete')}</p> : null}
        {documents.length > 0 ? (
          <DocumentTable
            labelledBy={resultsId}
            documents={documents}
            folders={folders}
            isLoading={isLoading}
            onPreview={setPreview}
            onShare={setSharing}
            onRename={setRenaming}
            onMove={setMoving}
            onDelete={setDeleting}
          />
        ) : null}
      </ListPage>
      {isDragging ? (
        <div className="library-drop-overlay" aria-hidden="true">
          <p>{t('library.upload.dropHere')}</p>
        </div>
      ) : null}
      <PreviewDialog document={preview} onClose={() => setPreview(null)} />
      <ShareDialog document={sharing} onClose={() => setSharing(null)} />
      <NameDialog
        isOpen={renaming !== null}
        title={t('library.rename.title', { name: renaming?.name })}
        confirmLabel={t('library.rename.confirm')}
        initialName={renaming?.name ?? ''}
        maxLength={documentNameMaxLength}
        onSubmit={async (name) => {
          if (!renaming) return null;
          const refusal = await actions.renameDocument(renaming, name);
          if (!refusal) setRenaming(null);
          return refusal;
        }}
        onClose={() => setRenaming(null)}
      />
      <NameDialog
        isOpen={folderDialog !== null}
        title={
          folderDialog?.kind === 'rename'
            ? t('library.folders.renameDialog.title', { name: folderDialog.folder.name })
            : t('library.folders.create.title')
        }
        confirmLabel={
          folderDialog?.kind === 'rename'
            ? t('library.folders.renameDialog.confirm')
            : t('library.folders.create.confirm')
        }
        initialName={folderDialog?.kind === 'rename' ? folderDialog.folder.name : ''}
        maxLength={folderNameMaxLength}
        onSubmit={async (name) => {
          if (!folderDialog) return null;
          const refusal =
            folderDialog.kind === 'rename'
              ? await actions.renameFolder(folderDialog.folder, name)
              : await actions.createFolder(name);
          if (!refusal) setFolderDialog(null);
          return refusal;
        }}
        onClose={() => setFolderDialog(null)}
      />
      <MoveDialog
        document={moving}
        folders={folders}
        onMove={(document, folderId) => void onMove(document, folderId)}
        onClose={() => setMoving(null)}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('library.delete.title', { name: deleting?.name })}
        confirmLabel={t('library.delete.confirm')}
        cancelLabel={t('library.cancel')}
        onConfirm={() => deleting && void onConfirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>{t('library.delete.text')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={deletingFolder !== null}
        title={t('library.folders.deleteDialog.title', { name: deletingFolder?.name })}
        confirmLabel={t('library.folders.deleteDialog.confirm')}
        cancelLabel={t('library.cancel')}
        onConfirm={() => deletingFolder && void onConfirmDeleteFolder(deletingFolder)}
        onCancel={() => setDeletingFolder(null)}
      >
        <p>
          {deletingFolder?.documentCount
            ? t('library.folders.deleteDialog.text', { count: deletingFolder.documentCount })
            : t('library.folders.deleteDialog.textEmpty')}
        </p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * The route table has one route for the library: `?send={documentId}` places the fields of a document to
 * send for signature, `?view=requests` lists the requests sent and `?request={id}` shows one.
 */
function DocumentsSection() {
  const { t } = useTranslation('documents');
  const [searchParams] = useSearchParams();
  const sendId = searchParams.get('send') ?? '';
  const isRequests = searchParams.get('view') === 'requests' || searchParams.has('request');
  if (!objectId.test(sendId) && !isRequests) return <LibraryPage />;
  const failed = (
    <div className="ui-card">
      <p role="alert">{t('library.chunkFailed')}</p>
    </div>
  );
  return (
    <ChunkBoundary fallback={failed}>
      <Suspense fallback={<p role="status">{t('library.loading')}</p>}>
        {objectId.test(sendId) ? <SendDocumentView documentId={sendId} /> : <SigningRequestsView />}
      </Suspense>
    </ChunkBoundary>
  );
}

export const DocumentsPage = withAreaQueries(DocumentsSection);
