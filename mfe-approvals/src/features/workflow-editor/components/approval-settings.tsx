import { type ApprovalNode, type BreachAction, breachActions, type CompletionRule } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { type FieldOption, selectFields } from '../utils/editor-derivations';
import { AssigneeList, SingleAssignee } from './assignee-picker';
import { ChoiceSetting, NumberSetting, SelectSetting, TextSetting } from './setting-inputs';

const ruleKinds: CompletionRule['kind'][] = ['any', 'all', 'atLeast', 'percent', 'majority'];

/** A rule of `kind`, with a number to start from where it takes one. */
function ruleOf(kind: CompletionRule['kind']): CompletionRule {
  if (kind === 'atLeast') return { kind, count: 2 };
  if (kind === 'percent') return { kind, percent: 50 };
  return { kind };
}

const defaultDeadlineHours = 48;

type DateFieldSettingProps = { fieldId: string; dateFields: FieldOption[]; onChange: (fieldId: string) => void };

/** The date field whose day a deadline falls on; a field gone from the form stays shown as missing. */
function DateFieldSetting({ fieldId, dateFields, onChange }: DateFieldSettingProps) {
  const { t } = useTranslation('approvals');
  return (
    <SelectSetting label={t('workflows.deadline.field')} value={fieldId} onChange={onChange}>
      {dateFields.some((field) => field.id === fieldId) ? null : (
        <option value={fieldId}>{t('workflows.fields.missing')}</option>
      )}
      {dateFields.map((field) => (
        <option key={field.id} value={field.id}>
          {field.label}
        </option>
      ))}
    </SelectSetting>
  );
}

/** The deadline of a step: when it is due, the reminders, and what happens once it has passed. */
function DeadlineSettings({ node }: { node: ApprovalNode }) {
  const { t } = useTranslation('approvals');
  const editNode = useWorkflowEditorStore((state) => state.editNode);
  const dateFields = useWorkflowEditorStore(selectFields).filter((field) => field.type === 'date');
  const { deadline } = node;
  const change = (recipe: (draft: ApprovalNode) => void, key?: string) => editNode(node.id, 'approval', recipe, key);

  return (
    <fieldset className="ui-fieldset">
      <legend>{t('workflows.deadline.title')}</legend>
      <label className="ui-field ui-field--inline">
        <input
          type="checkbox"
          checked={deadline !== undefined}
          onChange={(event) =>
            change((draft) => {
              draft.deadline = event.target.checked
                ? { due: { kind: 'duration', hours: defaultDeadlineHours }, onBreach: 'notify' }
                : undefined;
            })
          }
        />
        {t('workflows.deadline.enabled')}
      </label>
      {deadline ? (
        <>
          <SelectSetting
            label={t('workflows.deadline.due')}
            value={deadline.due.kind}
            onChange={(kind) =>
              change((draft) => {
                if (!draft.deadline) return;
                const [firstDate] = dateFields;
                draft.deadline.due =
                  kind === 'dateField' && firstDate
                    ? { kind: 'dateField', fieldId: firstDate.id }
                    : { kind: 'duration', hours: defaultDeadlineHours };
              })
            }
          >
            <option value="duration">{t('workflows.deadline.duration')}</option>
            {dateFields.length > 0 || deadline.due.kind === 'dateField' ? (
              <option value="dateField">{t('workflows.deadline.dateField')}</option>
            ) : null}
          </SelectSetting>
          {deadline.due.kind === 'duration' ? (
            <NumberSetting
              label={t('workflows.deadline.hours')}
              value={deadline.due.hours}
              min={1}
              max={24 * 365}
              onChange={(hours) =>
                change((draft) => {
                  if (draft.deadline?.due.kind === 'duration' && hours !== undefined) draft.deadline.due.hours = hours;
                }, `${node.id}:hours`)
              }
            />
          ) : (
            <DateFieldSetting
              fieldId={deadline.due.fieldId}
              dateFields={dateFields}
              onChange={(fieldId) =>
                change((draft) => {
                  if (draft.deadline) draft.deadline.due = { kind: 'dateField', fieldId };
                })
              }
            />
          )}
          {dateFields.length === 0 ? <p className="ui-hint">{t('workflows.deadline.noDateFields')}</p> : null}
          <NumberSetting
            label={t('workflows.deadline.remindBefore')}
            value={deadline.remindBeforeHours}
            min={1}
            max={24 * 30}
            isOptional
            hint={t('workflows.deadline.optionalHint')}
            onChange={(hours) =>
              change((draft) => {
                if (draft.deadline) draft.deadline.remindBeforeHours = hours;
              }, `${node.id}:remindBefore`)
            }
          />
          <NumberSetting
            label={t('workflows.deadline.remindEvery')}
            value={deadline.remindEveryHours}
            min={1}
            max={24 * 30}
            isOptional
            hint={t('workflows.deadline.optionalHint')}
            onChange={(hours) =>
              change((draft) => {
                if (draft.deadline) draft.deadline.remindEveryHours = hours;
              }, `${node.id}:remindEvery`)
            }
          />
          <SelectSetting
            label={t('workflows.deadline.onBreach')}
            value={deadline.onBreach}
            onChange={(action) =>
              change((draft) => {
                if (!draft.deadline) return;
                draft.deadline.onBreach = action as BreachAction;
                draft.deadline.decision = action === 'decide' ? (draft.deadline.decision ?? 'reject') : undefined;
              })
            }
          >
            {breachActions.map((action) => (
              <option key={action} value={action}>
                {t(`workflows.deadline.breach.${action}`)}
              </option>
            ))}
          </SelectSetting>
          {deadline.onBreach === 'addApprover' || deadline.onBreach === 'reassign' ? (
            <SingleAssignee
              label={t('workflows.deadline.escalateTo')}
              assignee={deadline.escalateTo}
              onChange={(assignee) =>
                change((draft) => {
                  if (draft.deadline) draft.deadline.escalateTo = assignee;
                })
              }
            />
          ) : null}
          {deadline.onBreach === 'decide' ? (
            <SelectSetting
              label={t('workflows.deadline.decision')}
              value={deadline.decision ?? 'reject'}
              onChange={(decision) =>
                change((draft) => {
                  if (draft.deadline) draft.deadline.decision = decision === 'approve' ? 'approve' : 'reject';
                })
              }
            >
              <option value="approve">{t('workflows.deadline.decisions.approve')}</option>
              <option value="reject">{t('workflows.deadline.decisions.reject')}</option>
            </SelectSetting>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

/** An approval step: who decides, how, until when, and on which screen. */
export function ApprovalSettings({ node }: { node: ApprovalNode }) {
  const { t } = useTranslation('approvals');
  const editNode = useWorkflowEditorStore((state) => state.editNode);
  const workflowId = useWorkflowEditorStore((state) => state.workflowId);
  const screens = useWorkflowEditorStore((state) => state.draft?.graph.screens);
  const change = (recipe: (draft: ApprovalNode) => void, key?: string) => editNode(node.id, 'approval', recipe, key);
  const { rule } = node;

  return (
    <>
      <TextSetting
        id="workflow-inspector-label"
        label={t('workflows.inspector.label')}
        value={node.label}
        maxLength={120}
        onChange={(label) =>
          change((draft) => {
            draft.label = label;
          }, `${node.id}:label`)
        }
      />
      <AssigneeList
        legend={t('workflows.approval.assignees')}
        assignees={node.assignees}
        onChange={(assignees) =>
          change((draft) => {
            draft.assignees = assignees;
          })
        }
      />
      <ChoiceSetting
        legend={t('workflows.approval.mode')}
        value={node.mode}
        options={[
          { value: 'vote', label: t('workflows.approval.modes.voteLong') },
          { value: 'pool', label: t('workflows.approval.modes.poolLong') },
        ]}
        onChange={(mode) =>
          change((draft) => {
            draft.mode = mode;
          })
        }
      />
      {node.mode === 'vote' ? (
        <>
          <SelectSetting
            label={t('workflows.approval.rule')}
            value={rule.kind}
            onChange={(kind) =>
              change((draft) => {
                draft.rule = ruleOf(kind as CompletionRule['kind']);
              })
            }
          >
            {ruleKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`workflows.approval.rulesLong.${kind}`)}
              </option>
            ))}
          </SelectSetting>
          {rule.kind === 'atLeast' ? (
            <NumberSetting
              label={t('workflows.approval.count')}
              value={rule.count}
              min={1}
              max={500}
              onChange={(count) =>
                change((draft) => {
                  if (draft.rule.kind === 'atLeast' && count !== undefined) draft.rule.count = count;
                }, `${node.id}:count`)
              }
            />
          ) : null}
          {rule.kind === 'percent' ? (
            <NumberSetting
              label={t('workflows.approval.percent')}
              value={rule.percent}
              min={1}
              max={100}
              onChange={(percent) =>
                change((draft) => {
                  if (draft.rule.kind === 'percent' && percent !== undefined) draft.rule.percent = percent;
                }, `${node.id}:percent`)
              }
            />
          ) : null}
        </>
      ) : null}
      <DeadlineSettings node={node} />
      <SelectSetting
        label={t('workflows.approval.screen')}
        value={node.screenId ?? ''}
        hint={t('workflows.approval.screenHint')}
        onChange={(screenId) =>
          change((draft) => {
            draft.screenId = screenId || undefined;
          })
        }
      >
        <option value="">{t('workflows.approval.noScreen')}</option>
        {node.screenId && !screens?.some((screen) => screen.id === node.screenId) ? (
          <option value={node.screenId}>{t('workflows.screens.missing')}</option>
        ) : null}
        {screens?.map((screen) => (
          <option key={screen.id} value={screen.id}>
            {screen.name || t('workflows.screens.unnamed')}
          </option>
        ))}
      </SelectSetting>
      {workflowId ? (
        <AppLink to="v1-workflow-id-screen" params={{ id: workflowId }}>
          {t('workflows.approval.manageScreens')}
        </AppLink>
      ) : null}
    </>
  );
}
