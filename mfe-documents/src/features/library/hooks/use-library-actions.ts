import type { DocumentFolder, DocumentSummary } from '@formwerk/contracts';
import { useTranslation } from 'react-i18next';
import { createFolder, deleteDocument, deleteFolder, renameFolder, updateDocument } from '../api/library-api';
import { toErrorKey } from '../utils/error-key';

/**
 * The changes the library offers, each announced when done (`announce`) and followed by a fresh read of
 * the list. Those asked for in a dialog resolve to why they were refused, for the dialog to show;
 * the others report through `onError`.
 */
export function useLibraryActions({
  reload,
  announce,
  onError,
}: {
  reload: () => void;
  announce: (message: string) => void;
  onError: (errorKey: string | null) => void;
}) {
  const { t } = useTranslation('documents');

  /** Runs a change asked for in a dialog: null when done, else the refusal in words. */
  const inDialog = async (change: () => Promise<unknown>, done: string): Promise<string | null> => {
    try {
      await change();
    } catch (error) {
      return t(toErrorKey(error));
    }
    onError(null);
    announce(done);
    reload();
    return null;
  };

  const direct = async (change: () => Promise<unknown>, done: string): Promise<boolean> => {
    announce('');
    onError(null);
    try {
      await change();
    } catch (error) {
      onError(toErrorKey(error));
      return false;
    }
    announce(done);
    reload();
    return true;
  };

  return {
    renameDocument: (document: DocumentSummary, name: string) =>
      inDialog(() => updateDocument(document.id, { name }), t('library.rename.done', { name })),
    moveDocument: (document: DocumentSummary, folder: DocumentFolder | null) =>
      direct(
        () => updateDocument(document.id, { folderId: folder?.id ?? null }),
        folder
          ? t('library.move.done', { name: document.name, folder: folder.name })
          : t('library.move.doneNone', { name: document.name }),
      ),
    deleteDocument: (document: DocumentSummary) =>
      direct(() => deleteDocument(document.id), t('library.delete.done', { name: document.name })),
    createFolder: (name: string) => inDialog(() => createFolder({ name }), t('library.folders.create.done', { name })),
    renameFolder: (folder: DocumentFolder, name: string) =>
      inDialog(() => renameFolder(folder.id, { name }), t('library.folders.renameDialog.done', { name })),
    deleteFolder: (folder: DocumentFolder) =>
      direct(() => deleteFolder(folder.id), t('library.folders.deleteDialog.done', { name: folder.name })),
  };
}
