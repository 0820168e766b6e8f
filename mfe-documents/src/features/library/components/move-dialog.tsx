import type { DocumentFolder, DocumentSummary } from '@formwerk/contracts';
import { ConfirmDialog } from '@formwerk/ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type MoveDialogProps = {
  document: DocumentSummary | null;
  folders: DocumentFolder[];
  /** Moves the document ('' for no folder). */
  onMove: (document: DocumentSummary, folderId: string) => void;
  onClose: () => void;
};

/** Moves a document into one of the team's folders, or out of any. */
export function MoveDialog({ document, folders, onMove, onClose }: MoveDialogProps) {
  const { t } = useTranslation('documents');
  const id = useId();
  const [folderId, setFolderId] = useState('');

  useEffect(() => {
    if (document) setFolderId(document.folderId ?? folders[0]?.id ?? '');
  }, [document, folders]);

  return (
    <ConfirmDialog
      isOpen={document !== null}
      title={t('library.move.title', { name: document?.name })}
      confirmLabel={t('library.move.confirm')}
      cancelLabel={t('library.cancel')}
      onConfirm={() => document && onMove(document, folderId)}
      onCancel={onClose}
    >
      <div className="ui-field">
        <label htmlFor={id}>{t('library.move.to')}</label>
        <select id={id} value={folderId} onChange={(event) => setFolderId(event.target.value)}>
          <option value="">{t('library.folders.none')}</option>
          {folders.map((folder) => (
            <option key={folder.id} value={folder.id}>
              {folder.name}
            </option>
          ))}
        </select>
      </div>
      {folders.length === 0 ? <p className="ui-hint">{t('library.move.noFolders')}</p> : null}
    </ConfirmDialog>
  );
}
