import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, PageHeader, TableFrame } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination';
import '../../../components/forms.css';
import './form-list.css';
import { restoreForm } from '../api/form-list-api';
import { useFormListPage } from '../hooks/use-form-list-page';
import { DeleteFormDialog } from './delete-form-dialog';

/** /v1/forms/archived: forms put aside, newest first, to restore or delete for good. */
export function ArchivedFormsPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const {
    params,
    changeParams,
    list,
    errorKey,
    isLoading,
    reload,
    message,
    actionErrorKey,
    formToDelete,
    setFormToDelete,
    resultsHeading,
    pageCount,
    removeRow,
    onConfirmDelete,
  } = useFormListPage(true);

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.forms-archived.title')}
        description={t('pages.forms-archived.description')}
        actions={
          <AppLink to="v1-forms" className="ui-button ui-button--secondary">
            {t('formList.backToList')}
          </AppLink>
        }
      />
      <section className="forms-card" aria-labelledby="archived-forms-results">
        <div className="form-list-heading">
          <h2 id="archived-forms-results" ref={resultsHeading} tabIndex={-1}>
            {list ? t('formList.archivedCount', { count: list.total }) : t('pages.forms-archived.title')}
          </h2>
          {isLoading ? <span className="forms-hint">{t('loading')}</span> : null}
        </div>
        <p role="status" className="forms-hint">
          {message}
        </p>
        {actionErrorKey ? <p role="alert">{t(actionErrorKey)}</p> : null}
        {errorKey ? (
          <div>
            <p role="alert">{t(errorKey)}</p>
            <Button variant="secondary" onClick={reload}>
              {t('retry')}
            </Button>
          </div>
        ) : null}
        {list?.total === 0 ? (
          <div className="forms-empty">
            <p>{t('formList.empty.noArchived')}</p>
          </div>
        ) : null}
        {list?.forms.length ? (
          <TableFrame labelledBy="archived-forms-results">
            <table className="forms-table" aria-labelledby="archived-forms-results" aria-busy={isLoading}>
              <thead>
                <tr>
                  <th scope="col">{t('formList.columns.title')}</th>
                  <th scope="col">{t('formList.columns.updated')}</th>
                  <th scope="col">{t('formList.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.forms.map((form) => (
                  <tr key={form.id}>
                    <td>{form.title}</td>
                    <td>
                      <time dateTime={form.updatedAt}>{formatDateTime(new Date(form.updatedAt), locale)}</time>
                    </td>
                    <td>
                      <div className="form-list-row-buttons">
                        <Button
                          variant="secondary"
                          aria-label={t('formList.actions.restoreForm', { title: form.title })}
                          onClick={() => removeRow(restoreForm, form, 'formList.done.restored')}
                        >
                          {t('formList.actions.restore')}
                        </Button>
                        <Button
                          variant="ghost"
                          aria-label={t('formList.actions.deleteForm', { title: form.title })}
                          onClick={() => setFormToDelete(form)}
                        >
                          {t('formList.actions.delete')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        ) : null}
        <ListPagination page={params.page} pageCount={pageCount} onPageChange={(page) => changeParams({ page })} />
      </section>
      <DeleteFormDialog form={formToDelete} onConfirm={onConfirmDelete} onCancel={() => setFormToDelete(null)} />
    </>
  );
}
