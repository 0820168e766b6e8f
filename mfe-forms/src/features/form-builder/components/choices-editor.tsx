import type { Choice } from '@formwerk/contracts';
import { Icon } from '@formwerk/ui';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { newId } from '../utils/create-field';

type ChoicesEditorProps = {
  fieldId: string;
  choices: Choice[];
  onChange: (choices: Choice[], coalesceKey?: string) => void;
};

/** The options of a choice field: renamed in place, added, removed (one stays) and moved. */
export function ChoicesEditor({ fieldId, choices, onChange }: ChoicesEditorProps) {
  const { t } = useTranslation('forms');
  const move = (index: number, step: -1 | 1) => {
    const next = [...choices];
    const [choice] = next.splice(index, 1);
    if (choice) next.splice(index + step, 0, choice);
    onChange(next);
  };
  return (
    <fieldset className="ui-fieldset builder-choices">
      <legend>{t('builder.inspector.choices')}</legend>
      <ol>
        {choices.map((choice, index) => (
          <li key={choice.id}>
            <input
              aria-label={t('builder.inspector.choiceLabel', { position: index + 1 })}
              value={choice.label}
              maxLength={300}
              onChange={(event) =>
                onChange(
                  choices.map((candidate) =>
                    candidate.id === choice.id ? { ...candidate, label: event.target.value } : candidate,
                  ),
                  `${fieldId}:choice:${choice.id}`,
                )
              }
            />
            <button
              type="button"
              className="ui-button ui-button--ghost ui-button--small"
              aria-label={`${t('builder.field.moveUp')}: ${choice.label}`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              <Icon icon={ArrowUp} />
            </button>
            <button
              type="button"
              className="ui-button ui-button--ghost ui-button--small"
              aria-label={`${t('builder.field.moveDown')}: ${choice.label}`}
              disabled={index === choices.length - 1}
              onClick={() => move(index, 1)}
            >
              <Icon icon={ArrowDown} />
            </button>
            <button
              type="button"
              className="ui-button ui-button--ghost ui-button--small ui-button--danger"
              aria-label={t('builder.inspector.removeChoice', { label: choice.label })}
              disabled={choices.length === 1}
              onClick={() => onChange(choices.filter((candidate) => candidate.id !== choice.id))}
            >
              <Icon icon={Trash2} />
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="ui-button ui-button--secondary"
        disabled={choices.length >= 200}
        onClick={() =>
          onChange([
            ...choices,
            { id: newId('c'), label: t('builder.newField.choice', { position: choices.length + 1 }) },
          ])
        }
      >
        {t('builder.inspector.addChoice')}
      </button>
    </fieldset>
  );
}
