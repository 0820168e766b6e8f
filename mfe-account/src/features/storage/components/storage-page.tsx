import type { StorageOverview } from '@formwerk/contracts';
import { formatFileSize, useLocale } from '@formwerk/platform';
import { Button, ConfirmDialog, PageHeader } from '@formwerk/ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/account.css';
import { withAreaQueries } from '../../../query/area-queries';
import { toErrorKey } from '../../../utils/error-key';
import { useStorage } from '../api/storage-queries';
import { type FileDeletion, useFileDeletion } from '../hooks/use-file-deletion';
import { LargestFilesTable } from './largest-files-table';
import { StorageBreakdown } from './storage-breakdown';
import { StorageUsage } from './storage-usage';
import './storage.css';

/**
 * /v1/storage: the team's stored files against its plan, what takes up the space, and its largest files
 * to clean up. Every member reads it; each deletes what the file's own module lets them.
 */
function StorageContent() {
  const { t } = useTranslation('account');
  const storage = useStorage();
  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.storage.title')} description={t('pages.storage.description')} />
      {storage.data ? (
        <Storage overview={storage.data} />
      ) : (
        <section className="ui-card account-card--narrow">
          {storage.error ? (
            <div className="storage-actions">
              <p role="alert" className="ui-error">
                {t(toErrorKey(storage.error))}
              </p>
              <Button variant="secondary" onClick={() => void storage.refetch()}>
                {t('storage.retry')}
              </Button>
            </div>
          ) : (
            <p role="status">{t('loading')}</p>
          )}
        </section>
      )}
    </>
  );
}

export const StoragePage = withAreaQueries(StorageContent);

function Storage({ overview }: { overview: StorageOverview }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deletion = useFileDeletion(headingRef);
  return (
    <div className="storage-page">
      <div className="storage-grid">
        <StorageUsage overview={overview} />
        <StorageBreakdown overview={overview} />
      </div>
      <LargestFilesTable files={overview.largestFiles} deletion={deletion} headingRef={headingRef} />
      <DeletionDialog deletion={deletion} />
    </div>
  );
}

/** What a deletion removes, and from where, before it does: nothing of it can be undone. */
function DeletionDialog({ deletion }: { deletion: FileDeletion }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const file = deletion.asked;
  return (
    <ConfirmDialog
      isOpen={file !== null}
      title={t('storage.confirm.title')}
      confirmLabel={t('storage.confirm.confirm')}
      cancelLabel={t('storage.confirm.cancel')}
      onConfirm={deletion.confirm}
      onCancel={deletion.cancel}
    >
      {file ? (
        <p>
          {t(file.kind === 'formDocument' ? 'storage.confirm.bodyFormDocument' : 'storage.confirm.bodyDocument', {
            name: file.name,
            size: formatFileSize(file.size, locale),
            form: file.form?.title ?? '',
          })}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
