import type { SaveTeamTemplateRequest, TeamTemplateResponse } from '@formwerk/contracts';
import { AppLink, apiRequest } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../utils/error-key';
import './forms.css';

const saveTeamTemplate = (request: SaveTeamTemplateRequest) =>
  apiRequest<TeamTemplateResponse>('/team-templates', { method: 'POST', body: request });

/**
 * Saves the form's last saved state as a template of the team, under a name asked for in a modal
 * dialog (a native <dialog>: focus stays inside, Escape closes it). Without a name, the template
 * takes the form's title.
 */
export function SaveAsTemplateButton({ formId }: { formId: string }) {
  const { t } = useTranslation('forms');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hintId = useId();
  const [isSaving, setIsSaving] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [saved, setSaved] = useState<TeamTemplateResponse | null>(null);

  const open = () => {
    setErrorKey(null);
    dialog.current?.showModal();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    setIsSaving(true);
    setErrorKey(null);
    try {
      setSaved(await saveTeamTemplate({ formId, ...(name ? { name } : {}) }));
      form.reset();
      dialog.current?.close();
    } catch (error) {
      setErrorKey(toErrorKey(error));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <span className="forms-inline-action">
      <Button variant="secondary" onClick={open}>
        {t('templates.save.open')}
      </Button>
      <span role="status">
        {saved ? (
          <>
            {t('templates.save.done', { name: saved.name })}{' '}
            <AppLink to="v1-templates-id" params={{ id: saved.id }}>
              {t('templates.save.show')}
            </AppLink>
          </>
        ) : null}
      </span>
      <dialog ref={dialog} className="ui-dialog" aria-labelledby={titleId}>
        <form className="ui-dialog__body" onSubmit={onSubmit}>
          <h2 id={titleId}>{t('templates.save.title')}</h2>
          <p>{t('templates.save.text')}</p>
          <label className="ui-field">
            {t('templates.save.name')}
            <input name="name" maxLength={200} autoComplete="off" aria-describedby={hintId} />
          </label>
          <p className="ui-hint" id={hintId}>
            {t('templates.save.nameHint')}
          </p>
          {errorKey ? (
            <p className="ui-error" role="alert">
              {t(errorKey)}
            </p>
          ) : null}
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={isSaving}>
              {t(isSaving ? 'templates.save.saving' : 'templates.save.submit')}
            </Button>
          </div>
        </form>
      </dialog>
    </span>
  );
}
