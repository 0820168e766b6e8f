import { type ConditionNode, type ConditionOperator, conditionOperators } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { HiddenSuffix } from '../../../components/workflow-hidden-suffix';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { nodeName } from '../utils/describe';
import { type FieldOption, selectFields } from '../utils/editor-derivations';
import { newId, nodesBefore } from '../utils/graph-edits';
import { TextSetting } from './setting-inputs';

type Rule = ConditionNode['rules'][number];
type Comparison = Rule['conditions'][number];
type StepOption = { id: string; label: string };

const operatorsWithoutValue: ConditionOperator[] = ['isEmpty', 'isNotEmpty'];
const decisionOperators: ConditionOperator[] = ['equals', 'notEquals'];
const numericTypes = ['number', 'rating', 'opinionScale', 'calculated'];

/** A first comparison for a new rule: over the first answer field, else over the decision of an earlier step. */
function firstComparison(fields: FieldOption[], steps: StepOption[]): Comparison | undefined {
  const [field] = fields;
  if (field) return { source: 'answer', fieldId: field.id, operator: 'isNotEmpty' };
  const [step] = steps;
  if (step) return { source: 'decision', fieldId: step.id, operator: 'equals', value: 'approved' };
  return undefined;
}

type ComparisonEditorProps = {
  comparison: Comparison;
  fields: FieldOption[];
  steps: StepOption[];
  canRemove: boolean;
  onChange: (comparison: Comparison) => void;
  onRemove: () => void;
};

/** One comparison: over an answer (field, operator, value) or over an earlier step's decision. */
function ComparisonEditor({ comparison, fields, steps, canRemove, onChange, onRemove }: ComparisonEditorProps) {
  const { t } = useTranslation('approvals');
  const isDecision = comparison.source === 'decision';
  const field = fields.find((candidate) => candidate.id === comparison.fieldId);
  const isNumeric = numericTypes.includes(field?.type ?? '');
  const targets: StepOption[] = isDecision ? steps : fields;
  const known = targets.some((target) => target.id === comparison.fieldId);

  return (
    <li className="workflow-comparison">
      <select
        aria-label={t('workflows.condition.source')}
        value={comparison.source}
        onChange={(event) => {
          const source = event.target.value === 'decision' ? 'decision' : 'answer';
          const next = firstComparison(source === 'answer' ? fields : [], source === 'decision' ? steps : []);
          if (next) onChange(next);
        }}
      >
        <option value="answer" disabled={fields.length === 0}>
          {t('workflows.condition.sources.answer')}
        </option>
        <option value="decision" disabled={steps.length === 0}>
          {t('workflows.condition.sources.decision')}
        </option>
      </select>
      <select
        aria-label={isDecision ? t('workflows.condition.step') : t('workflows.condition.field')}
        value={comparison.fieldId}
        onChange={(event) =>
          onChange({ ...comparison, fieldId: event.target.value, value: isDecision ? comparison.value : undefined })
        }
      >
        {known ? null : <option value={comparison.fieldId}>{t('workflows.fields.missing')}</option>}
        {targets.map((target) => (
          <option key={target.id} value={target.id}>
            {target.label}
          </option>
        ))}
      </select>
      <select
        aria-label={t('workflows.condition.operator')}
        value={comparison.operator}
        onChange={(event) => {
          const operator = event.target.value as ConditionOperator;
          const next = { ...comparison, operator };
          if (operatorsWithoutValue.includes(operator)) delete next.value;
          onChange(next);
        }}
      >
        {(isDecision ? decisionOperators : conditionOperators).map((operator) => (
          <option key={operator} value={operator}>
            {t(`workflows.condition.operators.${operator}`)}
          </option>
        ))}
      </select>
      {isDecision ? (
        <select
          aria-label={t('workflows.condition.value')}
          value={String(comparison.value ?? 'approved')}
          onChange={(event) => onChange({ ...comparison, value: event.target.value })}
        >
          <option value="approved">{t('workflows.outcomes.approved')}</option>
          <option value="rejected">{t('workflows.outcomes.rejected')}</option>
        </select>
      ) : null}
      {!isDecision && !operatorsWithoutValue.includes(comparison.operator) ? (
        <input
          aria-label={t('workflows.condition.value')}
          type={isNumeric ? 'number' : 'text'}
          maxLength={500}
          value={comparison.value === undefined ? '' : String(comparison.value)}
          onChange={(event) => {
            const raw = event.target.value;
            onChange({ ...comparison, value: isNumeric && raw !== '' ? Number(raw) : raw });
          }}
        />
      ) : null}
      {canRemove ? (
        <Button variant="ghost" className="ui-button--small" onClick={onRemove}>
          {t('workflows.condition.removeComparison')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * A condition: ordered rules, the first that holds picks its way; when none holds, the way "Sonst".
 * Every rule is a handle of its own on the canvas, so removing a rule removes its way too.
 */
export function ConditionSettings({ node }: { node: ConditionNode }) {
  const { t } = useTranslation('approvals');
  const editNode = useWorkflowEditorStore((state) => state.editNode);
  const edit = useWorkflowEditorStore((state) => state.edit);
  const graph = useWorkflowEditorStore((state) => state.draft?.graph);
  const fields = useWorkflowEditorStore(selectFields);
  if (!graph) return null;

  const before = nodesBefore(graph, node.id);
  const steps = graph.nodes
    .filter((candidate) => candidate.type === 'approval' && before.has(candidate.id))
    .map((step) => ({ id: step.id, label: nodeName(step, t) }));
  const change = (recipe: (draft: ConditionNode) => void, key?: string) => editNode(node.id, 'condition', recipe, key);
  const changeRule = (ruleId: string, recipe: (rule: Rule) => void, key?: string) =>
    change((draft) => {
      const rule = draft.rules.find((candidate) => candidate.id === ruleId);
      if (rule) recipe(rule);
    }, key);
  const moveRule = (index: number, offset: -1 | 1) =>
    change((draft) => {
      const [rule] = draft.rules.splice(index, 1);
      if (rule) draft.rules.splice(index + offset, 0, rule);
    });
  const removeRule = (ruleId: string) =>
    edit((draft) => {
      const condition = draft.graph.nodes.find((candidate) => candidate.id === node.id);
      if (condition?.type !== 'condition') return;
      condition.rules = condition.rules.filter((rule) => rule.id !== ruleId);
      draft.graph.edges = draft.graph.edges.filter(
        (edge) => !(edge.source === node.id && edge.sourceHandle === ruleId),
      );
    });
  const newComparison = firstComparison(fields, steps);

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
      <p className="ui-hint">{t('workflows.condition.explanation')}</p>
      <ol className="workflow-rules">
        {node.rules.map((rule, index) => {
          const ruleName = rule.label.trim() || t('workflows.condition.ruleNumber', { number: index + 1 });
          return (
            <li key={rule.id}>
              <fieldset className="ui-fieldset">
                <legend>{t('workflows.condition.ruleNumber', { number: index + 1 })}</legend>
                <TextSetting
                  label={t('workflows.condition.ruleLabel')}
                  value={rule.label}
                  maxLength={120}
                  hint={t('workflows.condition.ruleLabelHint')}
                  onChange={(label) =>
                    changeRule(
                      rule.id,
                      (draft) => {
                        draft.label = label;
                      },
                      `${rule.id}:label`,
                    )
                  }
                />
                <label className="ui-field ui-field--inline">
                  {t('workflows.condition.combinatorLabel')}
                  <select
                    value={rule.combinator}
                    onChange={(event) =>
                      changeRule(rule.id, (draft) => {
                        draft.combinator = event.target.value === 'or' ? 'or' : 'and';
                      })
                    }
                  >
                    <option value="and">{t('workflows.condition.combinators.and')}</option>
                    <option value="or">{t('workflows.condition.combinators.or')}</option>
                  </select>
                </label>
                <ul className="workflow-comparisons">
                  {rule.conditions.map((comparison, position) => (
                    <ComparisonEditor
                      // Comparisons have no id of their own; their place in the rule is what names them.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      key={position}
                      comparison={comparison}
                      fields={fields}
                      steps={steps}
                      canRemove={rule.conditions.length > 1}
                      onChange={(next) =>
                        changeRule(
                          rule.id,
                          (draft) => {
                            draft.conditions[position] = next;
                          },
                          `${rule.id}:${position}`,
                        )
                      }
                      onRemove={() =>
                        changeRule(rule.id, (draft) => {
                          draft.conditions.splice(position, 1);
                        })
                      }
                    />
                  ))}
                </ul>
                <div className="ui-toolbar">
                  {newComparison && rule.conditions.length < 20 ? (
                    <Button
                      variant="secondary"
                      className="ui-button--small"
                      onClick={() =>
                        changeRule(rule.id, (draft) => {
                          draft.conditions.push(newComparison);
                        })
                      }
                    >
                      {t('workflows.condition.addComparison')}
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    className="ui-button--small"
                    disabled={index === 0}
                    onClick={() => moveRule(index, -1)}
                  >
                    {t('workflows.moveUp')}
                    <HiddenSuffix text={ruleName} />
                  </Button>
                  <Button
                    variant="ghost"
                    className="ui-button--small"
                    disabled={index === node.rules.length - 1}
                    onClick={() => moveRule(index, 1)}
                  >
                    {t('workflows.moveDown')}
                    <HiddenSuffix text={ruleName} />
                  </Button>
                  <Button
                    variant="ghost"
                    className="ui-button--small ui-button--danger"
                    onClick={() => removeRule(rule.id)}
                  >
                    {t('workflows.remove')}
                    <HiddenSuffix text={ruleName} />
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <p className="ui-hint">{t('workflows.condition.otherwise')}</p>
      {newComparison ? (
        node.rules.length < 20 ? (
          <Button
            variant="secondary"
            onClick={() =>
              change((draft) => {
                draft.rules.push({ id: newId('r'), label: '', combinator: 'and', conditions: [newComparison] });
              })
            }
          >
            {t('workflows.condition.addRule')}
          </Button>
        ) : null
      ) : (
        <p className="ui-hint">{t('workflows.condition.nothingToCompare')}</p>
      )}
    </>
  );
}
