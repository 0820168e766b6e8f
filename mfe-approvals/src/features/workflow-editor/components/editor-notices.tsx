import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';

/**
 * What happened to the author's work when it did not simply save: someone else saved in between, the
 * api refused, or a version was just published.
 */
export function EditorNotices() {
  const { t } = useTranslation('approvals');
  const saveState = useWorkflowEditorStore((state) => state.saveState);
  const errorKey = useWorkflowEditorStore((state) => state.errorKey);
  const justPublished = useWorkflowEditorStore((state) => state.justPublished);
  const { resolveConflict } = useWorkflowEditorStore.getState();

  return (
    <>
      {saveState === 'conflict' ? (
        <section className="ui-notice" role="alert" aria-labelledby="workflow-conflict">
          <h2 id="workflow-conflict">{t('workflows.conflict.title')}</h2>
          <p>{t('errors.VERSION_CONFLICT')}</p>
          <div className="ui-toolbar">
            <Button onClick={() => void resolveConflict('reload')}>{t('workflows.conflict.reload')}</Button>
            <Button variant="secondary" onClick={() => void resolveConflict('overwrite')}>
              {t('workflows.conflict.overwrite')}
            </Button>
          </div>
        </section>
      ) : null}
      {errorKey && saveState !== 'conflict' ? (
        <p className="ui-notice ui-notice--error" role="alert">
          {t(errorKey)}
        </p>
      ) : null}
      <p className="workflow-published" role="status">
        {justPublished === null ? '' : t('workflows.editor.published', { version: justPublished })}
      </p>
    </>
  );
}
