import type { CreateFormRequest, FormResponse } from '@formwerk/contracts';
import { apiRequest, localePath, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toErrorKey } from '../utils/error-key';

const createForm = (request: CreateFormRequest) =>
  apiRequest<FormResponse>('/forms', { method: 'POST', body: request });

/** Creates a blank form in the page language and opens it in the builder. */
export function CreateFormButton({ label }: { label: string }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const navigate = useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onCreate = async () => {
    setIsCreating(true);
    setErrorKey(null);
    try {
      const form = await createForm({ title: t('createForm.untitled'), language: locale });
      navigate(localePath('v1-forms-id', locale, { id: form.id }));
    } catch (error) {
      setIsCreating(false);
      setErrorKey(toErrorKey(error));
    }
  };

  return (
    <>
      <Button onClick={onCreate} disabled={isCreating}>
        {isCreating ? t('createForm.creating') : label}
      </Button>
      {errorKey ? <span role="alert">{t(errorKey)}</span> : null}
    </>
  );
}
