import type { DocumentFolder, DocumentSummary } from '@formwerk/contracts';
import { formatDateTime, formatFileSize, useLocale } from '@formwerk/platform';
import { Button, Icon, TableFrame } from '@formwerk/ui';
import { Download, FolderInput, Pencil, Send, Share2, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { documentFileUrl } from '../api/library-api';
import { HiddenSuffix } from './hidden-suffix';

type DocumentTableProps = {
  labelledBy: string;
  documents: DocumentSummary[];
  folders: DocumentFolder[];
  isLoading: boolean;
  onPreview: (document: DocumentSummary) => void;
  onShare: (document: DocumentSummary) => void;
  onRename: (document: DocumentSummary) => void;
  onMove: (document: DocumentSummary) => void;
  onDelete: (document: DocumentSummary) => void;
};

/**
 * The documents of one page of the library, newest first. The name opens the preview; every action is
 * a button in its row (none appears only on hover), named by the document for screen readers. "Send for
 * signature" is a link: `?send={id}` on the library's route opens the placing of its fields, and back
 * leads to the folder, search and page it came from.
 */
export function DocumentTable({
  labelledBy,
  documents,
  folders,
  isLoading,
  onPreview,
  onShare,
  onRename,
  onMove,
  onDelete,
}: DocumentTableProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const previewHintId = useId();
  const location = useLocation();
  const sendHrefOf = (documentId: string) => {
    const query = new URLSearchParams(location.search);
    query.set('send', documentId);
    return `${location.pathname}?${query}`;
  };
  const folderNames = new Map(folders.map((folder) => [folder.id, folder.name]));
  return (
    <TableFrame labelledBy={labelledBy}>
      <span id={previewHintId} hidden>
        {t('library.actions.preview')}
      </span>
      <table className="ui-table library-table" aria-labelledby={labelledBy} aria-busy={isLoading}>
        <thead>
          <tr>
            <th scope="col">{t('library.columns.name')}</th>
            <th scope="col" className="library-table__number">
              {t('library.columns.pages')}
            </th>
            <th scope="col" className="library-table__number">
              {t('library.columns.size')}
            </th>
            <th scope="col">{t('library.columns.uploadedBy')}</th>
            <th scope="col">{t('library.columns.uploadedAt')}</th>
            <th scope="col">{t('library.columns.folder')}</th>
            <th scope="col">{t('library.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => {
            const quoted = t('library.quoted', { text: document.name });
            const folderName = document.folderId ? folderNames.get(document.folderId) : undefined;
            return (
              <tr key={document.id}>
                <td className="library-table__name">
                  <button
                    type="button"
                    className="ui-link-button"
                    aria-describedby={previewHintId}
                    onClick={() => onPreview(document)}
                  >
                    {document.name}
                  </button>
                </td>
                <td className="library-table__number">{document.pageCount}</td>
                <td className="library-table__number">{formatFileSize(document.size, locale)}</td>
                <td>{document.uploadedBy.name}</td>
                <td>
                  <time dateTime={document.uploadedAt}>{formatDateTime(new Date(document.uploadedAt), locale)}</time>
                </td>
                <td>{folderName ?? <span className="ui-hint">{t('library.folders.none')}</span>}</td>
                <td>
                  <div className="library-table__actions">
                    <a
                      className="ui-button ui-button--ghost ui-button--small"
                      href={documentFileUrl(document.id)}
                      download={document.name}
                    >
                      <Icon icon={Download} />
                      {t('library.actions.download')}
                      <HiddenSuffix text={quoted} />
                    </a>
                    <Link className="ui-button ui-button--ghost ui-button--small" to={sendHrefOf(document.id)}>
                      <Icon icon={Send} />
                      {t('library.actions.send')}
                      <HiddenSuffix text={quoted} />
                    </Link>
                    <Button variant="ghost" className="ui-button--small" onClick={() => onShare(document)}>
                      <Icon icon={Share2} />
                      {t('library.actions.share')}
                      <HiddenSuffix text={quoted} />
                    </Button>
                    <Button variant="ghost" className="ui-button--small" onClick={() => onRename(document)}>
                      <Icon icon={Pencil} />
                      {t('library.actions.rename')}
                      <HiddenSuffix text={quoted} />
                    </Button>
                    <Button variant="ghost" className="ui-button--small" onClick={() => onMove(document)}>
                      <Icon icon={FolderInput} />
                      {t('library.actions.move')}
                      <HiddenSuffix text={quoted} />
                    </Button>
                    <Button
                      variant="ghost"
                      className="ui-button--small ui-button--danger"
                      onClick={() => onDelete(document)}
                    >
                      <Icon icon={Trash2} />
                      {t('library.actions.delete')}
                      <HiddenSuffix text={quoted} />
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
