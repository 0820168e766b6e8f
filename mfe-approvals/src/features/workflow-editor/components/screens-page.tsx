import type { WorkflowScreen } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { Button, ConfirmDialog, PageHeader, TableFrame } from '@formwerk/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HiddenSuffix } from '../../../components/workflow-hidden-suffix';
import '../../../components/workflow-pages.css';
import { useEditorShortcuts } from '../hooks/use-editor-shortcuts';
import { useOpenWorkflow } from '../hooks/use-open-workflow';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { nodeName } from '../utils/describe';
import { addScreen, removeScreen, stepsShowing } from '../utils/screen-edits';
import { EditorNotices } from './editor-notices';
import { ScreenSaveBar } from './screen-save-bar';
import './workflow-editor.css';
import { WorkflowLoadState } from './workflow-load-state';

/** Asks for a screen's new name (mounted anew for each screen, so it starts from its name); an empty name is not taken. */
function RenameScreenDialog({ screen, onClose }: { screen: WorkflowScreen | null; onClose: () => void }) {
  const { t } = useTranslation('approvals');
  const edit = useWorkflowEditorStore((state) => state.edit);
  const inputId = useId();
  const [name, setName] = useState(screen?.name ?? '');
  const onConfirm = () => {
    if (!screen || name.trim() === '') return;
    edit((draft) => {
      const target = draft.graph.screens.find((candidate) => candidate.id === screen.id);
      if (target) target.name = name.trim();
    });
    onClose();
  };
  return (
    <ConfirmDialog
      isOpen={screen !== null}
      title={t('workflows.screens.rename.title', { name: screen?.name })}
      confirmLabel={t('workflows.screens.rename.confirm')}
      cancelLabel={t('workflows.cancel')}
      onConfirm={onConfirm}
      onCancel={onClose}
    >
      <div className="ui-field">
        <label htmlFor={inputId}>{t('workflows.screens.name')}</label>
        <input
          id={inputId}
          value={name}
          maxLength={120}
          aria-invalid={name.trim() === '' || undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onConfirm();
          }}
        />
      </div>
    </ConfirmDialog>
  );
}

/** The screens of the workflow: what approvers see at the steps that show each one. */
function ScreenList({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation('approvals');
  const graph = useWorkflowEditorStore((state) => state.draft?.graph);
  const edit = useWorkflowEditorStore((state) => state.edit);
  const nameId = useId();
  const [newName, setNewName] = useState('');
  const [toRename, setToRename] = useState<WorkflowScreen | null>(null);
  const [toDelete, setToDelete] = useState<WorkflowScreen | null>(null);
  if (!graph) return null;

  const onCreate = () => {
    const name = newName.trim() || t('workflows.screens.newName', { number: graph.screens.length + 1 });
    edit((draft) => {
      addScreen(draft.graph, name);
    });
    setNewName('');
  };
  const stepNames = (screenId: string) =>
    stepsShowing(graph, screenId)
      .map((step) => nodeName(step, t))
      .join(', ');

  return (
    <section className="ui-card" aria-labelledby="workflow-screens-count">
      <h2 id="workflow-screens-count">{t('workflows.screens.count', { count: graph.screens.length })}</h2>
      <div className="workflow-add-row">
        <div className="ui-field">
          <label htmlFor={nameId}>{t('workflows.screens.newLabel')}</label>
          <input
            id={nameId}
            value={newName}
            maxLength={120}
            onChange={(event) => setNewName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onCreate();
            }}
          />
        </div>
        <Button onClick={onCreate}>{t('workflows.screens.create')}</Button>
      </div>
      {graph.screens.length === 0 ? (
        <p className="ui-empty">{t('workflows.screens.empty')}</p>
      ) : (
        <TableFrame labelledBy="workflow-screens-count">
          <table className="ui-table" aria-labelledby="workflow-screens-count">
            <thead>
              <tr>
                <th scope="col">{t('workflows.screens.columns.name')}</th>
                <th scope="col">{t('workflows.screens.columns.steps')}</th>
                <th scope="col">{t('workflows.screens.columns.fields')}</th>
                <th scope="col">{t('workflows.screens.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {graph.screens.map((screen) => {
                const access = Object.values(screen.fields);
                return (
                  <tr key={screen.id}>
                    <td>
                      <AppLink to="v1-workflow-id-screen-screen_id" params={{ id: workflowId, screen_id: screen.id }}>
                        {screen.name || t('workflows.screens.unnamed')}
                      </AppLink>
                    </td>
                    <td>{stepNames(screen.id) || t('workflows.screens.unused')}</td>
                    <td>
                      {t('workflows.screens.summary', {
                        editable: access.filter((value) => value === 'editable').length,
                        hidden: access.filter((value) => value === 'hidden').length,
                        extra: screen.extraFields.length,
                      })}
                    </td>
                    <td>
                      <div className="workflow-list-row-actions">
                        <Button variant="ghost" className="ui-button--small" onClick={() => setToRename(screen)}>
                          {t('workflows.screens.rename.button')}
                          <HiddenSuffix text={t('workflows.quoted', { text: screen.name })} />
                        </Button>
                        <Button
                          variant="ghost"
                          className="ui-button--small ui-button--danger"
                          onClick={() => setToDelete(screen)}
                        >
                          {t('workflows.remove')}
                          <HiddenSuffix text={t('workflows.quoted', { text: screen.name })} />
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      )}
      <RenameScreenDialog key={toRename?.id ?? 'closed'} screen={toRename} onClose={() => setToRename(null)} />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title={t('workflows.screens.delete.title', { name: toDelete?.name })}
        confirmLabel={t('workflows.screens.delete.confirm')}
        cancelLabel={t('workflows.cancel')}
        onConfirm={() => {
          const screenId = toDelete?.id;
          if (screenId)
            edit((draft) => {
              removeScreen(draft.graph, screenId);
            });
          setToDelete(null);
        }}
        onCancel={() => setToDelete(null)}
      >
        <p>
          {toDelete && stepNames(toDelete.id)
            ? t('workflows.screens.delete.used', { steps: stepNames(toDelete.id) })
            : t('workflows.screens.delete.unused')}
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** /v1/workflow/{id}/screen: the workflow's screens, to create, rename and delete; saved with the workflow. */
export function ScreensPage() {
  const { t } = useTranslation('approvals');
  const { id = '' } = useParams();
  const loading = useOpenWorkflow(id);
  const name = useWorkflowEditorStore((state) => state.draft?.name ?? '');
  useEditorShortcuts();
  if (!loading.isLoaded || loading.loadErrorKey) return <WorkflowLoadState {...loading} />;
  return (
    <div className="ui-editor">
      <PageHeader
        eyebrow={name}
        title={t('pages.workflow-screens.title')}
        description={t('pages.workflow-screens.description')}
        actions={
          <>
            <ScreenSaveBar />
            <AppLink to="v1-workflow-id" params={{ id }} className="ui-button ui-button--secondary">
              {t('workflows.screens.backToEditor')}
            </AppLink>
          </>
        }
      />
      <EditorNotices />
      <ScreenList workflowId={id} />
    </div>
  );
}
