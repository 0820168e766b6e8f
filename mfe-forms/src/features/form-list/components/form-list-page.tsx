import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, ListPage, TableFrame } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { CreateFormButton } from '../../../components/create-form-button';
import { ListPagination } from '../../../components/list-pagination';
import './form-list.css';
import { withAreaQueries } from '../../../query/area-queries';
import { DemoClaim } from '../../form-demo/components/demo-claim';
import { archiveForm, duplicateForm } from '../api/form-list-api';
import { useFormListPage } from '../hooks/use-form-list-page';
import { DeleteFormDialog } from './delete-form-dialog';
import { FormListToolbar } from './form-list-toolbar';
import { FormRowActions } from './form-row-actions';

/** /v1/forms: the team's forms, searched, sorted and paged on the server, each with its actions. */
function FormListSection() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const {
    params,
    changeParams,
    list,
    isLoading,
    status,
    runAction,
    formToDelete,
    setFormToDelete,
    pageCount,
    removeRow,
    onConfirmDelete,
  } = useFormListPage(false);

  return (
    <>
      <DemoClaim />
      <ListPage
        eyebrow={t('area')}
        title={t('pages.forms.title')}
        description={t('pages.forms.description')}
        actions={
          <>
            <CreateFormButton label={t('formList.newForm')} />
            <AppLink to="v1-forms-templates" className="ui-button ui-button--secondary">
              {t('formList.fromTemplate')}
            </AppLink>
            <AppLink to="v1-forms-archived" className="ui-button ui-button--ghost">
              {t('formList.archivedLink')}
            </AppLink>
          </>
        }
        resultsId="form-list-results"
        resultsTitle={list ? t('formList.count', { count: list.total }) : t('pages.forms.title')}
        {...status}
        filters={<FormListToolbar params={params} onParamsChange={changeParams} />}
        empty={
          list?.total !== 0 ? null : params.search ? (
            <>
              <p>{t('formList.empty.noResults', { search: params.search })}</p>
              <Button variant="secondary" onClick={() => changeParams({ search: '', page: 1 })}>
                {t('formList.empty.clearSearch')}
              </Button>
            </>
          ) : (
            <>
              <p>{t('formList.empty.noForms')}</p>
              <CreateFormButton label={t('formList.newForm')} />
            </>
          )
        }
        footer={
          <ListPagination page={params.page} pageCount={pageCount} onPageChange={(page) => changeParams({ page })} />
        }
      >
        {list?.forms.length ? (
          <TableFrame labelledBy="form-list-results">
            <table className="ui-table" aria-labelledby="form-list-results" aria-busy={isLoading}>
              <thead>
                <tr>
                  <th scope="col">{t('formList.columns.title')}</th>
                  <th scope="col">{t('formList.columns.status')}</th>
                  <th scope="col">{t('formList.columns.fields')}</th>
                  <th scope="col">{t('formList.columns.updated')}</th>
                  <th scope="col">{t('formList.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.forms.map((form) => (
                  <tr key={form.id}>
                    <td>
                      <AppLink to="v1-forms-id" params={{ id: form.id }}>
                        {form.title}
                      </AppLink>
                    </td>
                    <td>
                      <span className={`ui-badge ui-badge--${form.status}`}>{t(`formList.status.${form.status}`)}</span>
                    </td>
                    <td>{form.fieldCount}</td>
                    <td>
                      <time dateTime={form.updatedAt}>{formatDateTime(new Date(form.updatedAt), locale)}</time>
                    </td>
                    <td>
                      <FormRowActions
                        form={form}
                        onDuplicate={(chosen) => runAction(duplicateForm, chosen, 'formList.done.duplicated')}
                        onArchive={(chosen) => removeRow(archiveForm, chosen, 'formList.done.archived')}
                        onDelete={setFormToDelete}
                      />
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

export const FormListPage = withAreaQueries(FormListSection);
