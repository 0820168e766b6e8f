import type { TemplateField, TemplateFieldKind, TemplateRole } from '@formwerk/contracts';
import { intlLocales, useLocale } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFillingRole } from '../stores/templates-store';
import { fieldKinds, fieldLabelMaxLength, resizeBox } from '../utils/template-geometry';
import type { FieldProblem } from '../utils/template-problems';

/** The id of the settings' first control: Enter on a field brings focus here. */
export const fieldSettingsFirstId = 'templates-field-kind';

type PercentInputProps = {
  label: string;
  /** A share, 0 to 1. */
  value: number;
  onCommit: (share: number) => void;
};

/**
 * A share of the page typed as a percentage. What is typed is kept until it is a number and the field is
 * left (or Enter is pressed), so that typing "12" does not first move the field to 1 %.
 */
function PercentInput({ label, value, onCommit }: PercentInputProps) {
  const locale = useLocale();
  const id = useId();
  const shown = new Intl.NumberFormat(intlLocales[locale], { maximumFractionDigits: 1, useGrouping: false }).format(
    value * 100,
  );
  const [text, setText] = useState(shown);
  const [isEditing, setIsEditing] = useState(false);
  useEffect(() => {
    if (!isEditing) setText(shown);
  }, [shown, isEditing]);
  const commit = () => {
    setIsEditing(false);
    const typed = Number(text.replace(',', '.'));
    if (text.trim() !== '' && Number.isFinite(typed)) onCommit(typed / 100);
    else setText(shown);
  };
  return (
    <div className="ui-field templates-settings__number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={text}
        onFocus={() => setIsEditing(true)}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
    </div>
  );
}

type FieldSettingsProps = {
  field: TemplateField;
  roles: TemplateRole[];
  pageCount: number;
  problem: FieldProblem | undefined;
  onChange: (change: Partial<Omit<TemplateField, 'id'>>) => void;
  onRemove: () => void;
};

/**
 * The selected field's settings: its kind, whose it is, whether it must be filled, what it is filled
 * from beforehand, its label, and its page, place and size as percentages of the page (the keyboard's
 * way to resize it).
 */
export function FieldSettings({ field, roles, pageCount, problem, onChange, onRemove }: FieldSettingsProps) {
  const { t } = useTranslation('documents');
  const id = useId();
  const fillingRoles = roles.filter((role) => isFillingRole(role.kind));
  const kindName = t(`templates.kinds.${field.kind}`);
  // A new width or height keeps the field's corner where it is and stops at the page's edge.
  const resize = (width: number, height: number) => onChange(resizeBox(field, width, height));
  return (
    <section className="templates-settings" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('templates.settings.title', { kind: kindName })}</h3>
      <div className="ui-field">
        <label htmlFor={fieldSettingsFirstId}>{t('templates.settings.kind')}</label>
        <select
          id={fieldSettingsFirstId}
          value={field.kind}
          onChange={(event) => onChange({ kind: event.target.value as TemplateFieldKind })}
        >
          {fieldKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`templates.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="ui-field">
        <label htmlFor={`${id}-role`}>{t('templates.settings.role')}</label>
        <select id={`${id}-role`} value={field.roleId} onChange={(event) => onChange({ roleId: event.target.value })}>
          {fillingRoles.map((role) => (
            <option key={role.id} value={role.id}>
              {t('templates.roles.option', { marker: roles.indexOf(role) + 1, name: role.name })}
            </option>
          ))}
        </select>
      </div>
      <label className="ui-field ui-field--inline" htmlFor={`${id}-required`}>
        <input
          id={`${id}-required`}
          type="checkbox"
          checked={field.required}
          onChange={(event) => onChange({ required: event.target.checked })}
        />
        {t('templates.settings.required')}
      </label>
      <div className="ui-field">
        <label htmlFor={`${id}-label`}>{t('templates.settings.label')}</label>
        <input
          id={`${id}-label`}
          value={field.label ?? ''}
          maxLength={fieldLabelMaxLength}
          autoComplete="off"
          onChange={(event) => onChange({ label: event.target.value === '' ? undefined : event.target.value })}
        />
      </div>
      <div className="ui-field">
        <label htmlFor={`${id}-prefill`}>{t('templates.settings.prefillKey')}</label>
        <input
          id={`${id}-prefill`}
          value={field.prefillKey ?? ''}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-prefill-hint${problem ? ` ${id}-prefill-problem` : ''}`}
          onChange={(event) => onChange({ prefillKey: event.target.value === '' ? undefined : event.target.value })}
        />
        <span id={`${id}-prefill-hint`} className="ui-field__hint ui-hint">
          {t('templates.settings.prefillKeyHint')}
        </span>
        {problem ? (
          <span id={`${id}-prefill-problem`} className="ui-field__error">
            {t(`templates.problems.${problem}`)}
          </span>
        ) : null}
      </div>
      <div className="ui-field">
        <label htmlFor={`${id}-page`}>{t('templates.settings.page')}</label>
        <select
          id={`${id}-page`}
          value={field.page}
          onChange={(event) => onChange({ page: Number(event.target.value) })}
        >
          {Array.from({ length: pageCount }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a page of the PDF is its number
            <option key={index} value={index}>
              {t('templates.pages.page', { page: index + 1, count: pageCount })}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="ui-fieldset templates-settings__box">
        <legend>{t('templates.settings.box')}</legend>
        <PercentInput label={t('templates.settings.x')} value={field.x} onCommit={(x) => onChange({ x })} />
        <PercentInput label={t('templates.settings.y')} value={field.y} onCommit={(y) => onChange({ y })} />
        <PercentInput
          label={t('templates.settings.width')}
          value={field.width}
          onCommit={(width) => resize(width, field.height)}
        />
        <PercentInput
          label={t('templates.settings.height')}
          value={field.height}
          onCommit={(height) => resize(field.width, height)}
        />
      </fieldset>
      <Button variant="secondary" className="ui-button--danger" onClick={onRemove}>
        <Icon icon={Trash2} />
        {t('templates.settings.remove')}
      </Button>
    </section>
  );
}
