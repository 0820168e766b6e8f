import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, ListPage, TableFrame } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination';
import './form-list.css';
import { withAreaQueries } from '../../../query/area-queries';
import { restoreForm } from '../api/form-list-api';
import { useFormListPage } from '../hooks/use-form-list-page';
import { DeleteFormDialog } from './delete-form-dialog';

/** /v1/forms/archived: forms put aside, newest first, to restore or delete for good. */
function ArchivedFormsSection() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const {
    params,
    changeParams,
    list,
    isLoading,
    status,
    formToDelete,
    setFormToDelete,
    pageCount,
    removeRow,
    onConfirmDelete,
  } = useFormListPage(true);

  return (
    <>
      <ListPage
        eyebrow={t('area')}
        title={t('pages.forms-archived.title')}
        description={t('pages.forms-archived.description')}
        actions={
          <AppLink to="v1-forms" className="ui-button ui-button--secondary">
            {t('formList.backToList')}
          </AppLink>
        }
        resultsId="archived-forms-results"
        resultsTitle={list ? t('formList.archivedCount', { count: list.total }) : t('pages.forms-archived.title')}
        {...status}
        empty={list?.total === 0 ? <p>{t('formList.empty.noArchived')}</p> : null}
        footer={
          <ListPagination page={params.page} pageCount={pageCount} onPageChange={(page) => changeParams({ page })} />
        }
      >
        {list?.forms.length ? (
          <TableFrame labelledBy="archived-forms-results">
            <table className="ui-table" aria-labelledby="archived-forms-results" aria-busy={isLoading}>
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
      </ListPage>
      <DeleteFormDialog form={formToDelete} onConfirm={onConfirmDelete} onCancel={() => setFormToDelete(null)} />
    </>
  );
}

export const ArchivedFormsPage = withAreaQueries(ArchivedFormsSection);
