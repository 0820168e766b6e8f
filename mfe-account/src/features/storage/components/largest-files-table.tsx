import type { StorageFile } from '@formwerk/contracts';
import { AppLink, formatDate, formatFileSize, useLocale } from '@formwerk/platform';
import { Button, CellLabel, TableFrame } from '@formwerk/ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileDeletion } from '../hooks/use-file-deletion';

const columns = ['name', 'kind', 'belongsTo', 'size', 'date', 'actions'] as const;

/** Where a file belongs, as a link to the page that shows it there. */
function BelongsTo({ file }: { file: StorageFile }) {
  const { t } = useTranslation('account');
  if (file.kind === 'submissionFile' && file.submissionId && file.form) {
    return (
      <AppLink to="v1-submission-id" params={{ id: file.submissionId }}>
        {t('storage.largest.submission', { form: file.form.title })}
      </AppLink>
    );
  }
  if (file.kind === 'formDocument' && file.form) {
    return (
      <AppLink to="v1-forms-id-documents" params={{ id: file.form.id }}>
        {t('storage.largest.formDocuments', { form: file.form.title })}
      </AppLink>
    );
  }
  return <AppLink to="v1-documents">{t('storage.largest.library')}</AppLink>;
}

type LargestFilesTableProps = {
  files: StorageFile[];
  deletion: FileDeletion;
  headingRef: RefObject<HTMLHeadingElement | null>;
};

/**
 * The team's largest files, largest first, with where each belongs and, where the user may, a delete.
 * On a phone each row is a card (storage.css): the cells' labels, hidden for screen readers that have
 * the column headers, show beside the values.
 */
export function LargestFilesTable({ files, deletion, headingRef }: LargestFilesTableProps) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const label = (column: (typeof columns)[number]) => <CellLabel>{t(`storage.largest.${column}`)}</CellLabel>;

  return (
    <section className="ui-card" aria-labelledby="storage-largest">
      <h2 id="storage-largest" ref={headingRef} tabIndex={-1}>
        {t('storage.largest.title')}
      </h2>
      <p role="status" className="ui-hint">
        {deletion.message}
      </p>
      {deletion.error ? (
        <p role="alert" className="ui-error">
          {deletion.error}
        </p>
      ) : null}
      {files.length === 0 ? (
        <div className="ui-empty">
          <p>{t('storage.largest.empty')}</p>
          <p className="ui-hint">{t('storage.largest.emptyHint')}</p>
        </div>
      ) : (
        <TableFrame labelledBy="storage-largest">
          <table className="ui-table ui-table--cards storage-files" aria-labelledby="storage-largest">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {t(`storage.largest.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={`${file.kind}:${file.id}`}>
                  <td className="storage-files__name">
                    {label('name')}
                    {file.name}
                  </td>
                  <td>
                    {label('kind')}
                    {t(`storage.largest.kinds.${file.kind}`)}
                  </td>
                  <td>
                    {label('belongsTo')}
                    <BelongsTo file={file} />
                  </td>
                  <td className="storage-files__size">
                    {label('size')}
                    {formatFileSize(file.size, locale)}
                  </td>
                  <td>
                    {label('date')}
                    {formatDate(new Date(file.createdAt), locale)}
                  </td>
                  <td>
                    {label('actions')}
                    {file.mayDelete ? (
                      <Button
                        variant="ghost"
                        className="ui-button--small ui-button--danger"
                        disabled={deletion.isDeleting}
                        onClick={() => deletion.ask(file)}
                        // Which file, read but not shown: the row says it to the eye.
                        aria-label={`${t('storage.largest.delete')}: ${file.name}`}
                      >
                        {t('storage.largest.delete')}
                      </Button>
                    ) : (
                      <span className="ui-hint">
                        {t(
                          file.kind === 'submissionFile'
                            ? 'storage.largest.onlyWithSubmission'
                            : 'storage.largest.onlyUploader',
                        )}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
