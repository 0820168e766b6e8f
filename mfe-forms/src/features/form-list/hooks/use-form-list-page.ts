import type { FormSummary } from '@formwerk/contracts';
import type { ListPageStatus } from '@formwerk/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../query/area-queries';
import { deleteForm } from '../api/form-list-api';
import { formListsKey, pageSize } from '../api/form-list-queries';
import { useFormActions } from './use-form-actions';
import { useFormList } from './use-form-list';
import { useListParams } from './use-list-params';

/**
 * What the forms list and the archive share: the list of the address's page, the actions on a row
 * with their announcement (`status`, for ListPage), and the form waiting for its delete to be confirmed.
 */
export function useFormListPage(isArchived: boolean) {
  const { t } = useTranslation('forms');
  const [params, changeParams] = useListParams();
  const { list, errorKey, isLoading, reload } = useFormList(params, isArchived);
  // A changed form may move between pages and lists: every page read so far is read again.
  const {
    message,
    errorKey: actionErrorKey,
    runAction,
  } = useFormActions(() => void queryClient.invalidateQueries({ queryKey: formListsKey }));
  const [formToDelete, setFormToDelete] = useState<FormSummary | null>(null);
  // Where focus goes when the row it was in disappears.
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const pageCount = list ? Math.ceil(list.total / pageSize) : 0;

  // The last form of the last page is gone (deleted here or elsewhere): show the page before.
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

  const status: ListPageStatus = {
    resultsHeadingRef: resultsHeading,
    isLoading,
    loadingText: t('loading'),
    message,
    actionError: actionErrorKey ? t(actionErrorKey) : undefined,
    loadError: errorKey ? t(errorKey) : undefined,
    retryText: t('retry'),
    onRetry: reload,
  };

  return {
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
  };
}
