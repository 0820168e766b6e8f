import type { FormSummary } from '@formwerk/contracts';
import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/forms.css';
import './form-list.css';
import { deleteForm, restoreForm } from '../api/form-list-api';
import { useFormActions } from '../hooks/use-form-actions';
import { pageSize, useFormList } from '../hooks/use-form-list';
import { useListParams } from '../hooks/use-list-params';
import { DeleteFormDialog } from './delete-form-dialog';
import { ListPagination } from './list-pagination';

/** /v1/forms/archived: forms put aside, newest first, to restore or delete for good. */
export function ArchivedFormsPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const [params, changeParams] = useListParams();
  const { list, errorKey, isLoading, reload } = useFormList(params, true);
  const { message, errorKey: actionErrorKey, runAction } = useFormActions(reload);
  const [formToDelete, setFormToDelete] = useState<FormSummary | null>(null);
  // Where focus goes when the row it was in disappears.
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const pageCount = list ? Math.ceil(list.total / pageSize) : 0;

  // The last form of the last page is gone: show the page before.
  useEffect(() => {
    if (list && list.forms.length === 0 && list.total > 0 && params.page > 1) {
      changeParams({ page: pageCount }, { replace: true });
    }
  }, [list, params.page, pageCount, changeParams]);

  const removeRow = async (action: (formId: string) => Promise<unknown>, form: FormSummary, doneKey: string) => {
    if (await runAction(action, form, doneKey)) resultsHeading.current?.focus();
  };

  const onConfirmDelete = (form: FormSummary) => {
    setFormToDelete(null);
    removeRow(deleteForm, form, 'formList.done.deleted');
  };

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
        ) : null}
        <ListPagination page={params.page} pageCount={pageCount} onPageChange={(page) => changeParams({ page })} />
      </section>
      <DeleteFormDialog form={formToDelete} onConfirm={onConfirmDelete} onCancel={() => setFormToDelete(null)} />
    </>
  );
}
