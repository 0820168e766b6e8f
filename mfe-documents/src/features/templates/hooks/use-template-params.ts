import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** `template` is the id of the template open in the editor, '' while the list shows. */
export type TemplateParams = { page: number; template: string };
export type ChangeTemplateParams = (change: Partial<TemplateParams>, options?: { replace?: boolean }) => void;

const objectId = /^[0-9a-f]{24}$/;

function readParams(searchParams: URLSearchParams): TemplateParams {
  const page = Number(searchParams.get('page'));
  const template = searchParams.get('template') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    template: objectId.test(template) ? template : '',
  };
}

/** The address's query for `params`: values left at their default stay out of it. */
export function toTemplateQuery({ page, template }: TemplateParams): URLSearchParams {
  const query = new URLSearchParams();
  if (template) query.set('template', template);
  if (page !== 1) query.set('page', String(page));
  return query;
}

/**
 * The list's page and the template open in the editor live in the address (?page=2, ?template=…):
 * the platform's route table has one route for templates, and an editor's address is still one to
 * reload, bookmark or send to a colleague.
 */
export function useTemplateParams(): [TemplateParams, ChangeTemplateParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  const changeParams = useCallback<ChangeTemplateParams>(
    (change, { replace = false } = {}) =>
      setSearchParams((current) => toTemplateQuery({ ...readParams(current), ...change }), { replace }),
    [setSearchParams],
  );
  return [readParams(searchParams), changeParams];
}
