import type { ScreenExtraField, ScreenFieldAccess, WorkflowScreen } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { Button, PageHeader, TableFrame } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HiddenSuffix } from '../../../components/workflow-hidden-suffix';
import '../../../components/workflow-pages.css';
import { useEditorShortcuts } from '../hooks/use-editor-shortcuts';
import { useOpenWorkflow } from '../hooks/use-open-workflow';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { nodeName } from '../utils/describe';
import { selectFields } from '../utils/editor-derivations';
import { newId } from '../utils/graph-edits';
import { setFieldAccess, stepsShowing } from '../utils/screen-edits';
import { EditorNotices } from './editor-notices';
import { ScreenSaveBar } from './screen-save-bar';
import { SelectSetting, TextSetting } from './setting-inputs';
import './workflow-editor.css';
import { WorkflowLoadState } from './workflow-load-state';

const accessChoices: ScreenFieldAccess[] = ['editable', 'readonly', 'hidden'];
const extraFieldTypes: ScreenExtraField['type'][] = ['shortText', 'longText', 'number', 'date', 'yesNo'];

type ScreenEdit = (recipe: (screen: WorkflowScreen) => void, coalesceKey?: string) => void;

/** For every answer field of the attached forms: may the approver change it, only read it, or not see it. */
function FieldAccessTable({ screen, onEdit }: { screen: WorkflowScreen; onEdit: ScreenEdit }) {
  const { t } = useTranslation('approvals');
  const fields = useWorkflowEditorStore(selectFields);
  return (
    <section className="ui-card" aria-labelledby="workflow-screen-fields">
      <h2 id="workflow-screen-fields">{t('workflows.screen.fieldsTitle')}</h2>
      <p className="ui-hint">{t('workflows.screen.fieldsHint')}</p>
      {fields.length === 0 ? (
        <p className="ui-hint">{t('workflows.screen.noFields')}</p>
      ) : (
        <TableFrame labelledBy="workflow-screen-fields">
          <table className="ui-table" aria-labelledby="workflow-screen-fields">
            <thead>
              <tr>
                <th scope="col">{t('workflows.screen.columns.field')}</th>
                <th scope="col">{t('workflows.screen.columns.access')}</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <tr key={field.id}>
                  <td id={`workflow-screen-field-${field.id}`}>{field.label}</td>
                  <td>
                    <select
                      aria-labelledby={`workflow-screen-field-${field.id}`}
                      value={screen.fields[field.id] ?? 'readonly'}
                      onChange={(event) =>
                        onEdit((draft) => setFieldAccess(draft, field.id, event.target.value as ScreenFieldAccess))
                      }
                    >
                      {accessChoices.map((access) => (
                        <option key={access} value={access}>
                          {t(`workflows.screen.access.${access}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

/** Fields the approver fills at the step (a cost centre, a note), kept with the decision. */
function ExtraFields({ screen, onEdit }: { screen: WorkflowScreen; onEdit: ScreenEdit }) {
  const { t } = useTranslation('approvals');
  const changeField = (fieldId: string, recipe: (field: ScreenExtraField) => void, coalesceKey?: string) =>
    onEdit((draft) => {
      const field = draft.extraFields.find((candidate) => candidate.id === fieldId);
      if (field) recipe(field);
    }, coalesceKey);
  return (
    <section className="ui-card" aria-labelledby="workflow-screen-extra">
      <h2 id="workflow-screen-extra">{t('workflows.screen.extraTitle')}</h2>
      <p className="ui-hint">{t('workflows.screen.extraHint')}</p>
      <ol className="workflow-rules">
        {screen.extraFields.map((field, index) => (
          <li key={field.id}>
            <fieldset className="ui-fieldset">
              <legend>{t('workflows.screen.extraNumber', { number: index + 1 })}</legend>
              <TextSetting
                label={t('workflows.screen.extraLabel')}
                value={field.label}
                maxLength={200}
                hint={field.label.trim() === '' ? t('workflows.screen.extraLabelMissing') : undefined}
                onChange={(label) =>
                  changeField(
                    field.id,
                    (draft) => {
                      draft.label = label;
                    },
                    `${field.id}:label`,
                  )
                }
              />
              <SelectSetting
                label={t('workflows.screen.extraType')}
                value={field.type}
                onChange={(type) =>
                  changeField(field.id, (draft) => {
                    draft.type = type as ScreenExtraField['type'];
                  })
                }
              >
                {extraFieldTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`workflows.screen.types.${type}`)}
                  </option>
                ))}
              </SelectSetting>
              <label className="ui-field ui-field--inline">
                <input
                  type="checkbox"
                  checked={field.required}
                  onChange={(event) =>
                    changeField(field.id, (draft) => {
                      draft.required = event.target.checked;
                    })
                  }
                />
                {t('workflows.screen.extraRequired')}
              </label>
              <Button
                variant="ghost"
                className="ui-button--small ui-button--danger"
                onClick={() =>
                  onEdit((draft) => {
                    draft.extraFields = draft.extraFields.filter((candidate) => candidate.id !== field.id);
                  })
                }
              >
                {t('workflows.remove')}
                <HiddenSuffix text={t('workflows.quoted', { text: field.label })} />
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      {screen.extraFields.length < 30 ? (
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              onEdit((draft) => {
                draft.extraFields.push({
                  id: newId('x'),
                  label: t('workflows.screen.extraNew', { number: draft.extraFields.length + 1 }),
                  type: 'shortText',
                  required: false,
                });
              })
            }
          >
            {t('workflows.screen.extraAdd')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** /v1/workflow/{id}/screen/{screen_id}: one screen, what approvers see and fill at the steps showing it. */
export function ScreenPage() {
  const { t } = useTranslation('approvals');
  const { id = '', screen_id: screenId = '' } = useParams();
  const loading = useOpenWorkflow(id);
  const workflowName = useWorkflowEditorStore((state) => state.draft?.name ?? '');
  const graph = useWorkflowEditorStore((state) => state.draft?.graph);
  const edit = useWorkflowEditorStore((state) => state.edit);
  useEditorShortcuts();
  if (!loading.isLoaded || loading.loadErrorKey || !graph) return <WorkflowLoadState {...loading} />;

  const screen = graph.screens.find((candidate) => candidate.id === screenId);
  const backToScreens = (
    <AppLink to="v1-workflow-id-screen" params={{ id }} className="ui-button ui-button--secondary">
      {t('workflows.screen.backToScreens')}
    </AppLink>
  );
  if (!screen) {
    return (
      <div className="ui-editor">
        <PageHeader eyebrow={workflowName} title={t('pages.workflow-screen.title')} actions={backToScreens} />
        <p role="alert">{t('workflows.screen.notFound')}</p>
      </div>
    );
  }

  const onEdit: ScreenEdit = (recipe, coalesceKey) =>
    edit((draft) => {
      const target = draft.graph.screens.find((candidate) => candidate.id === screenId);
      if (target) recipe(target);
    }, coalesceKey);
  const steps = stepsShowing(graph, screen.id).map((step) => nodeName(step, t));

  return (
    <div className="ui-editor">
      <PageHeader
        eyebrow={workflowName}
        title={screen.name || t('workflows.screens.unnamed')}
        description={t('pages.workflow-screen.description')}
        actions={
          <>
            <ScreenSaveBar />
            {backToScreens}
          </>
        }
      />
      <EditorNotices />
      <section className="ui-card" aria-labelledby="workflow-screen-general">
        <h2 id="workflow-screen-general">{t('workflows.screen.general')}</h2>
        <TextSetting
          label={t('workflows.screens.name')}
          value={screen.name}
          maxLength={120}
          hint={screen.name.trim() === '' ? t('workflows.screen.nameMissing') : undefined}
          onChange={(name) =>
            onEdit((draft) => {
              draft.name = name;
            }, `${screen.id}:name`)
          }
        />
        <p>
          {steps.length > 0 ? t('workflows.screen.usedBy', { steps: steps.join(', ') }) : t('workflows.screen.unused')}
        </p>
      </section>
      <FieldAccessTable screen={screen} onEdit={onEdit} />
      <ExtraFields screen={screen} onEdit={onEdit} />
    </div>
  );
}
