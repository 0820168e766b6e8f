import { AppLink } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { LayoutList, Network, Redo2, Save, Undo2, Upload } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';

/** Name, state, undo/redo, layout, screens, save and publish: what the author needs in reach at all times. */
export function EditorToolbar({ onLayout }: { onLayout: () => void }) {
  const { t } = useTranslation('approvals');
  const workflowId = useWorkflowEditorStore((state) => state.workflowId);
  const name = useWorkflowEditorStore((state) => state.draft?.name ?? '');
  const saveState = useWorkflowEditorStore((state) => state.saveState);
  const canUndo = useWorkflowEditorStore((state) => state.past.length > 0);
  const canRedo = useWorkflowEditorStore((state) => state.future.length > 0);
  const publishedVersion = useWorkflowEditorStore((state) => state.publishedVersion);
  const hasChanges = useWorkflowEditorStore(
    (state) => state.hasUnpublishedChanges || state.change !== state.savedChange,
  );
  const isPublishing = useWorkflowEditorStore((state) => state.isPublishing);
  const { edit, undo, redo, save, publish } = useWorkflowEditorStore.getState();
  const pageTitle = t('pages.workflow-editor.title');

  // The tab and the history name the workflow, as PageHeader does on other pages (this page has none).
  useEffect(() => {
    document.title = name.trim() ? `${name.trim()} · ${pageTitle}` : pageTitle;
  }, [name, pageTitle]);

  if (!workflowId) return null;
  const nextVersion = (publishedVersion ?? 0) + 1;
  const saveLabel = saveState === 'saving' ? t('workflows.editor.saving') : t('workflows.editor.save');
  const publishLabel = isPublishing
    ? t('workflows.editor.publishing')
    : t('workflows.editor.publish', { version: nextVersion });

  return (
    <div className="ui-editor-toolbar workflow-toolbar">
      <h1 className="ui-visually-hidden">{pageTitle}</h1>
      <div className="ui-editor-toolbar__title">
        <label htmlFor="workflow-name" className="ui-visually-hidden">
          {t('workflows.editor.name')}
        </label>
        <input
          id="workflow-name"
          value={name}
          maxLength={120}
          aria-invalid={name.trim() === '' ? true : undefined}
          onChange={(event) =>
            edit((draft) => {
              draft.name = event.target.value;
            }, 'workflow:name')
          }
        />
        <span className={`ui-badge${publishedVersion === null ? '' : ' ui-badge--published'}`}>
          {publishedVersion === null
            ? t('workflows.status.draft')
            : t('workflows.status.version', { version: publishedVersion })}
        </span>
        {publishedVersion !== null && hasChanges ? (
          <span className="ui-badge workflows-badge--changed">{t('workflows.status.unpublishedChanges')}</span>
        ) : null}
      </div>
      <div className="ui-editor-toolbar__actions">
        <span className={`ui-save-status ui-save-status--${saveState}`} role="status">
          {t(`workflows.save.${saveState}`)}
        </span>
        <Button
          variant="ghost"
          disabled={!canUndo}
          onClick={undo}
          aria-keyshortcuts="Control+Z Meta+Z"
          title={`${t('workflows.editor.undo')} (Ctrl+Z)`}
        >
          <Icon icon={Undo2} />
          <span className="ui-visually-hidden">{t('workflows.editor.undo')}</span>
        </Button>
        <Button
          variant="ghost"
          disabled={!canRedo}
          onClick={redo}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
          title={`${t('workflows.editor.redo')} (Ctrl+Shift+Z)`}
        >
          <Icon icon={Redo2} />
          <span className="ui-visually-hidden">{t('workflows.editor.redo')}</span>
        </Button>
        <Button variant="secondary" onClick={onLayout} title={t('workflows.editor.layout')}>
          <Icon icon={Network} />
          <span className="ui-phone-hidden">{t('workflows.editor.layout')}</span>
        </Button>
        <AppLink
          to="v1-workflow-id-screen"
          params={{ id: workflowId }}
          className="ui-button ui-button--secondary"
          title={t('workflows.editor.screens')}
        >
          <Icon icon={LayoutList} />
          <span className="ui-phone-hidden">{t('workflows.editor.screens')}</span>
        </AppLink>
        <Button
          variant="secondary"
          disabled={saveState === 'saving' || saveState === 'conflict' || saveState === 'saved'}
          onClick={() => void save()}
          aria-keyshortcuts="Control+S Meta+S"
          title={`${saveLabel} (Ctrl+S)`}
        >
          <Icon icon={Save} />
          <span className="ui-phone-hidden">{saveLabel}</span>
        </Button>
        <Button
          disabled={isPublishing || saveState === 'conflict' || (publishedVersion !== null && !hasChanges)}
          onClick={() => void publish()}
          title={publishLabel}
        >
          <Icon icon={Upload} />
          <span className="ui-phone-hidden">{publishLabel}</span>
        </Button>
      </div>
    </div>
  );
}
