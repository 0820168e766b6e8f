import type { FormSummary } from '@formwerk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';

/**
 * Runs a change on one form, reads the list again and says what happened: `message` for the page's
 * status region, `errorKey` for its alert. Resolves to whether the change went through.
 */
export function useFormActions(reload: () => void) {
  const { t } = useTranslation('forms');
  const [message, setMessage] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const runAction = async (
    action: (formId: string) => Promise<unknown>,
    form: FormSummary,
    doneKey: string,
  ): Promise<boolean> => {
    setMessage('');
    setErrorKey(null);
    try {
      await action(form.id);
    } catch (error) {
      setErrorKey(toErrorKey(error));
      return false;
    }
    setMessage(t(doneKey, { title: form.title }));
    reload();
    return true;
  };

  return { message, errorKey, runAction };
}
