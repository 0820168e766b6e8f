import type { FormResponse } from '@formwerk/contracts';
import { localePath, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toErrorKey } from '../../../utils/error-key';

type CreateFromTemplateButtonProps = {
  label: string;
  /** Creates the form on the server; the new form then opens in the builder. */
  create: () => Promise<FormResponse>;
  /** The id of the element that names the template, so each button is told apart by its template. */
  describedBy?: string;
};

/** Makes a form from a template and opens it in the builder, where the user goes on editing. */
export function CreateFromTemplateButton({ label, create, describedBy }: CreateFromTemplateButtonProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const navigate = useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onClick = async () => {
    setIsCreating(true);
    setErrorKey(null);
    try {
      const form = await create();
      navigate(localePath('v1-forms-id', locale, { id: form.id }));
    } catch (error) {
      setIsCreating(false);
      setErrorKey(toErrorKey(error));
    }
  };

  return (
    <>
      <Button onClick={onClick} disabled={isCreating} aria-describedby={describedBy}>
        {isCreating ? t('templates.creating') : label}
      </Button>
      {errorKey ? (
        <p className="ui-error" role="alert">
          {t(errorKey)}
        </p>
      ) : null}
    </>
  );
}
