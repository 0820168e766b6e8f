import type { Assignee } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenSuffix } from '../../../components/workflow-hidden-suffix';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import type { Translate } from '../utils/describe';
import { selectFields } from '../utils/editor-derivations';

/** An assignee as one select value: `user:<id>`, `group:<id>` or `answer:<field id>`. */
const toValue = (assignee: Assignee) =>
  assignee.kind === 'user'
    ? `user:${assignee.userId}`
    : assignee.kind === 'group'
      ? `group:${assignee.groupId}`
      : `answer:${assignee.fieldId}`;

function fromValue(value: string): Assignee | undefined {
  const [kind, id = ''] = value.split(':');
  if (kind === 'user') return { kind, userId: id };
  if (kind === 'group') return { kind, groupId: id };
  if (kind === 'answer') return { kind, fieldId: id };
  return undefined;
}

/** The team's people and groups and the form's email fields, as the pickers offer them. */
function useAssigneeOptions() {
  const people = useWorkflowEditorStore((state) => state.people);
  const fields = useWorkflowEditorStore(selectFields);
  return { ...people, emailFields: fields.filter((field) => field.type === 'email') };
}

type AssigneeOptions = ReturnType<typeof useAssigneeOptions>;

function assigneeName(assignee: Assignee, options: AssigneeOptions, t: Translate): string {
  if (assignee.kind === 'user') {
    const user = options.users.find((candidate) => candidate.id === assignee.userId);
    return user ? `${user.name} (${user.email})` : t('workflows.assignees.unknownUser');
  }
  if (assignee.kind === 'group') {
    const group = options.groups.find((candidate) => candidate.id === assignee.groupId);
    return group
      ? t('workflows.assignees.group', { name: group.name, count: group.memberCount })
      : t('workflows.assignees.unknownGroup');
  }
  const field = options.emailFields.find((candidate) => candidate.id === assignee.fieldId);
  return t('workflows.assignees.answer', { field: field?.label ?? assignee.fieldId });
}

/** The options of an assignee select, grouped: people, groups, addresses typed into the form. */
function AssigneeOptionGroups({ options, taken }: { options: AssigneeOptions; taken: Set<string> }) {
  const { t } = useTranslation('approvals');
  const groups = [
    {
      key: 'people',
      entries: options.users.map((user) => ({ value: `user:${user.id}`, label: `${user.name} (${user.email})` })),
    },
    {
      key: 'groups',
      entries: options.groups.map((group) => ({
        value: `group:${group.id}`,
        label: t('workflows.assignees.group', { name: group.name, count: group.memberCount }),
      })),
    },
    {
      key: 'answers',
      entries: options.emailFields.map((field) => ({
        value: `answer:${field.id}`,
        label: t('workflows.assignees.answer', { field: field.label }),
      })),
    },
  ];
  return (
    <>
      {groups.map(({ key, entries }) => {
        const free = entries.filter((entry) => !taken.has(entry.value));
        return free.length > 0 ? (
          <optgroup key={key} label={t(`workflows.assignees.${key}`)}>
            {free.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </optgroup>
        ) : null;
      })}
    </>
  );
}

type AssigneeListProps = { legend: string; assignees: Assignee[]; onChange: (assignees: Assignee[]) => void };

/** Who a step goes to (or a notification): people, groups, or the address typed into an email field. */
export function AssigneeList({ legend, assignees, onChange }: AssigneeListProps) {
  const { t } = useTranslation('approvals');
  const options = useAssigneeOptions();
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  const taken = new Set(assignees.map(toValue));

  const onAdd = () => {
    const assignee = fromValue(chosen);
    if (!assignee || taken.has(chosen)) return;
    onChange([...assignees, assignee]);
    setChosen('');
  };

  return (
    <fieldset className="ui-fieldset">
      <legend>{legend}</legend>
      {assignees.length === 0 ? <p className="ui-hint">{t('workflows.assignees.none')}</p> : null}
      {assignees.length > 0 ? (
        <ul className="workflow-inspector-list">
          {assignees.map((assignee, index) => (
            <li key={toValue(assignee)}>
              <span>{assigneeName(assignee, options, t)}</span>
              <Button
                variant="ghost"
                className="ui-button--small"
                onClick={() => onChange(assignees.filter((_, position) => position !== index))}
              >
                {t('workflows.remove')}
                <HiddenSuffix text={assigneeName(assignee, options, t)} />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="workflow-add-row">
        <div className="ui-field">
          <label htmlFor={selectId}>{t('workflows.assignees.choose')}</label>
          <select id={selectId} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t('workflows.assignees.placeholder')}</option>
            <AssigneeOptionGroups options={options} taken={taken} />
          </select>
        </div>
        <Button variant="secondary" disabled={!chosen} onClick={onAdd}>
          {t('workflows.add')}
        </Button>
      </div>
    </fieldset>
  );
}

type SingleAssigneeProps = { label: string; assignee: Assignee | undefined; onChange: (assignee?: Assignee) => void };

/** One assignee or none (who takes over when a deadline passes). */
export function SingleAssignee({ label, assignee, onChange }: SingleAssigneeProps) {
  const { t } = useTranslation('approvals');
  const options = useAssigneeOptions();
  const id = useId();
  const value = assignee ? toValue(assignee) : '';
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(fromValue(event.target.value))}>
        <option value="">{t('workflows.assignees.nobody')}</option>
        {assignee ? <option value={value}>{assigneeName(assignee, options, t)}</option> : null}
        <AssigneeOptionGroups options={options} taken={new Set([value])} />
      </select>
    </div>
  );
}
