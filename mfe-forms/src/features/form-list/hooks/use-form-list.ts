import type { FormListResponse } from '@formwerk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';
import { listForms } from '../api/form-list-api';
import type { ListParams } from './use-list-params';

export const pageSize = 20;

/**
 * One page of the team's forms (the archived ones when `archived`), read again whenever the params
 * change or `reload` is called. The previous page stays on screen while the next one loads.
 */
export function useFormList({ search, sort, order, page }: ListParams, archived: boolean) {
  const [list, setList] = useState<FormListResponse | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  // Answers can arrive out of order while someone types; only the latest request's answer is shown.
  const latestRequest = useRef(0);

  const reload = useCallback(() => {
    const request = ++latestRequest.current;
    setIsLoading(true);
    setErrorKey(null);
    listForms({ search, sort, order, page, pageSize, archived }).then(
      (result) => {
        if (request !== latestRequest.current) return;
        setList(result);
        setIsLoading(false);
      },
      (error: unknown) => {
        if (request !== latestRequest.current) return;
        setErrorKey(toErrorKey(error));
        setIsLoading(false);
      },
    );
  }, [search, sort, order, page, archived]);

  useEffect(reload, [reload]);

  return { list, errorKey, isLoading, reload };
}
