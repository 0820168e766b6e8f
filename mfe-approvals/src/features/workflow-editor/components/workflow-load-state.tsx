import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type WorkflowLoadStateProps = { loadErrorKey: string | null; retry: () => void };

/** What the editor and the screen pages show until the workflow is there: that it loads, or why it could not. */
export function WorkflowLoadState({ loadErrorKey, retry }: WorkflowLoadStateProps) {
  const { t } = useTranslation('approvals');
  if (!loadErrorKey) {
    return (
      <p className="ui-hint" role="status">
        {t('workflows.loading')}
      </p>
    );
  }
  return (
    <section className="ui-card" role="alert">
      <h1>{t('workflows.editor.loadFailed')}</h1>
      <p>{t(loadErrorKey)}</p>
      <div className="ui-toolbar">
        <Button onClick={retry}>{t('workflows.retry')}</Button>
      </div>
    </section>
  );
}
