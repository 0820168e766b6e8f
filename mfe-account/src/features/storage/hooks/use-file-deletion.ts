import type { StorageDeletionRequest, StorageFile } from '@formwerk/contracts';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteStoredFile } from '../api/storage-queries';
import { toStorageErrorKey } from '../utils/error-key';

/** What the api is asked to delete for a listed file; a respondent's file is never (it goes with its submission). */
function deletionOf(file: StorageFile): StorageDeletionRequest | null {
  if (file.kind === 'document') return { kind: 'document', id: file.id };
  if (file.kind === 'formDocument' && file.form) return { kind: 'formDocument', id: file.id, formId: file.form.id };
  return null;
}

export type FileDeletion = ReturnType<typeof useFileDeletion>;

/**
 * Deleting a file of the list: asked first (the dialog), then sent; what happened is announced, and focus
 * goes to the list's heading, since the row whose button had it is gone.
 */
export function useFileDeletion(headingRef: RefObject<HTMLHeadingElement | null>) {
  const { t } = useTranslation('account');
  const deletion = useDeleteStoredFile();
  const [asked, setAsked] = useState<StorageFile | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();

  const confirm = () => {
    const request = asked && deletionOf(asked);
    if (!asked || !request) return;
    const { name } = asked;
    setAsked(null);
    setError(undefined);
    setMessage(t('storage.deleting'));
    deletion.mutate(request, {
      onSuccess: () => setMessage(t('storage.deleted', { name })),
      onError: (reason) => {
        setMessage('');
        setError(t(toStorageErrorKey(reason)));
      },
      onSettled: () => headingRef.current?.focus(),
    });
  };

  return {
    asked,
    message,
    error,
    isDeleting: deletion.isPending,
    ask: (file: StorageFile) => setAsked(file),
    cancel: () => setAsked(null),
    confirm,
  };
}
