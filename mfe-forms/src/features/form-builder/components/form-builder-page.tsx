import { Button } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { FormTabs } from '../../../components/form-tabs';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { findForm } from '../api/form-builder-api';
import { useAutosave } from '../hooks/use-autosave';
import { useUndoShortcuts } from '../hooks/use-undo-shortcuts';
import { useFormBuilderStore } from '../stores/form-builder-store';
import { BuilderNotices } from './builder-notices';
import { BuilderToolbar } from './builder-toolbar';
import { BuilderWorkspace } from './builder-workspace';
import './form-builder.css';

/** What a page that opens the builder can ask it to say on arrival (navigation state). */
export type BuilderArrival = { notice: 'demoKept' };

const isBuilderArrival = (state: unknown): state is BuilderArrival =>
  typeof state === 'object' && state !== null && (state as { notice?: unknown }).notice === 'demoKept';

/** /v1/forms/{id}: the builder of one form, saving itself as the author works. */
export function FormBuilderPage() {
  const { t } = useTranslation('forms');
  const { id = '' } = useParams();
  const load = useFormBuilderStore((state) => state.load);
  const loadedId = useFormBuilderStore((state) => state.formId);
  const publishErrorKey = useFormBuilderStore((state) => (state.saveState === 'failed' ? null : state.errorKey));
  const [loadErrorKey, setLoadErrorKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { state: arrival } = useLocation();
  useAutosave();
  useUndoShortcuts();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" loads once more.
  useEffect(() => {
    let isCurrent = true;
    setLoadErrorKey(null);
    findForm(id).then(
      (form) => isCurrent && load(form),
      (error: unknown) => isCurrent && setLoadErrorKey(toErrorKey(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, [id, load, attempt]);

  if (loadErrorKey) {
    return (
      <section className="ui-card" role="alert">
        <h1>{t('builder.loadFailed')}</h1>
        <p>{t(loadErrorKey)}</p>
        <div className="ui-toolbar">
          <Button onClick={() => setAttempt((count) => count + 1)}>{t('retry')}</Button>
        </div>
      </section>
    );
  }
  if (loadedId !== id) {
    return (
      <p className="ui-hint" role="status">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="ui-editor">
      <BuilderToolbar />
      <FormTabs formId={id} current="builder" />
      {publishErrorKey ? (
        <p className="ui-notice ui-notice--error" role="alert">
          {t(publishErrorKey)}
        </p>
      ) : null}
      {isBuilderArrival(arrival) ? (
        <p className="ui-notice" role="status">
          {t(`builder.arrival.${arrival.notice}`)}
        </p>
      ) : null}
      <BuilderNotices />
      <BuilderWorkspace />
    </div>
  );
}
