import { AppLink, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, PageHeader, TableFrame } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { CreateFormButton } from '../../../components/create-form-button';
import { ListPagination } from '../../../components/list-pagination';
import '../../../components/forms.css';
import './form-list.css';
import { archiveForm, duplicateForm } from '../api/form-list-api';
import { useFormListPage } from '../hooks/use-form-list-page';
import { DeleteFormDialog } from './delete-form-dialog';
import { FormListToolbar } from './form-list-toolbar';
import { FormRowActions } from './form-row-actions';

/** /v1/forms: the team's forms, searched, sorted and paged on the server, each with its actions. */
export function FormListPage() {
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
    runAction,
    formToDelete,
    setFormToDelete,
    resultsHeading,
    pageCount,
    removeRow,
    onConfirmDelete,
  } = useFormListPage(false);

  return (
    <>
      <PageHeader
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
      />
      <section className="forms-card" aria-labelledby="form-list-results">
        <FormListToolbar params={params} onParamsChange={changeParams} />
        <div className="form-list-heading">
          <h2 id="form-list-results" ref={resultsHeading} tabIndex={-1}>
            {list ? t('formList.count', { count: list.total }) : t('pages.forms.title')}
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
        {list?.total === 0 && !params.search ? (
          <div className="forms-empty">
            <p>{t('formList.empty.noForms')}</p>
            <CreateFormButton label={t('formList.newForm')} />
          </div>
        ) : null}
        {list?.total === 0 && params.search ? (
          <div className="forms-empty">
            <p>{t('formList.empty.noResults', { search: params.search })}</p>
            <Button variant="secondary" onClick={() => changeParams({ search: '', page: 1 })}>
              {t('formList.empty.clearSearch')}
            </Button>
          </div>
        ) : null}
        {list?.forms.length ? (
          <TableFrame labelledBy="form-list-results">
            <table className="forms-table" aria-labelledby="form-list-results" aria-busy={isLoading}>
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
                      <span className={`forms-badge forms-badge--${form.status}`}>
                        {t(`formList.status.${form.status}`)}
                      </span>
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
        <ListPagination page={params.page} pageCount={pageCount} onPageChange={(page) => changeParams({ page })} />
      </section>
      <DeleteFormDialog form={formToDelete} onConfirm={onConfirmDelete} onCancel={() => setFormToDelete(null)} />
    </>
  );
}
