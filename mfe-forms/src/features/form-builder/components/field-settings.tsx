import { type FormField, isValidAnswerPattern } from '@formwerk/contracts';
import { useTranslation } from 'react-i18next';
import { ChoicesEditor } from './choices-editor';
import { CheckboxSetting, NumberSetting, TextSetting } from './setting-inputs';

type FieldSettingsProps = {
  field: FormField;
  /** Fields before this one, which a calculation may read. */
  earlierFields: FormField[];
  onChange: (change: Partial<FormField>, coalesceKey?: string) => void;
};

/** The settings only some field types have: lengths, ranges, choices, files, texts, link parameter, formula. */
export function FieldSettings({ field, earlierFields, onChange }: FieldSettingsProps) {
  const { t } = useTranslation('forms');
  const key = (setting: string) => `${field.id}:${setting}`;
  const text = (
    setting: string,
    label: string,
    value: string | undefined,
    extra: { isMultiline?: boolean; maxLength?: number } = {},
  ) => (
    <TextSetting
      label={label}
      value={value}
      {...extra}
      onChange={(next) => onChange({ [setting]: next } as Partial<FormField>, key(setting))}
    />
  );
  const number = (
    setting: string,
    label: string,
    value: number | undefined,
    limits: { min?: number; max?: number; step?: number | 'any'; isRequired?: boolean } = {},
  ) => (
    <NumberSetting
      label={label}
      value={value}
      {...limits}
      onChange={(next) => onChange({ [setting]: next } as Partial<FormField>, key(setting))}
    />
  );

  switch (field.type) {
    case 'shortText':
      return (
        <>
          {text('placeholder', t('builder.inspector.placeholder'), field.placeholder, { maxLength: 200 })}
          {number('minLength', t('builder.inspector.minLength'), field.minLength, { min: 0, max: 10_000 })}
          {number('maxLength', t('builder.inspector.maxLength'), field.maxLength, { min: 0, max: 10_000 })}
          <TextSetting
            label={t('builder.inspector.pattern')}
            value={field.pattern}
            maxLength={300}
            error={
              !field.pattern || isValidAnswerPattern(field.pattern) ? undefined : t('builder.inspector.patternInvalid')
            }
            onChange={(pattern) => onChange({ pattern }, key('pattern'))}
          />
        </>
      );
    case 'longText':
      return (
        <>
          {text('placeholder', t('builder.inspector.placeholder'), field.placeholder, { maxLength: 200 })}
          {number('minLength', t('builder.inspector.minLength'), field.minLength, { min: 0, max: 10_000 })}
          {number('maxLength', t('builder.inspector.maxLength'), field.maxLength, { min: 0, max: 10_000 })}
        </>
      );
    case 'email':
    case 'phone':
      return text('placeholder', t('builder.inspector.placeholder'), field.placeholder, { maxLength: 200 });
    case 'number':
      return (
        <>
          {number('min', t('builder.inspector.min'), field.min, { step: 'any' })}
          {number('max', t('builder.inspector.max'), field.max, { step: 'any' })}
          {number('decimals', t('builder.inspector.decimals'), field.decimals, { min: 0, max: 6, isRequired: true })}
        </>
      );
    case 'date':
      return (
        <>
          <TextSetting
            type="date"
            label={t('builder.inspector.minDate')}
            value={field.min}
            onChange={(min) => onChange({ min })}
          />
          <TextSetting
            type="date"
            label={t('builder.inspector.maxDate')}
            value={field.max}
            onChange={(max) => onChange({ max })}
          />
        </>
      );
    case 'time':
      return (
        <>
          <TextSetting
            type="time"
            label={t('builder.inspector.minTime')}
            value={field.min}
            onChange={(min) => onChange({ min })}
          />
          <TextSetting
            type="time"
            label={t('builder.inspector.maxTime')}
            value={field.max}
            onChange={(max) => onChange({ max })}
          />
        </>
      );
    case 'singleChoice':
    case 'dropdown':
      return (
        <ChoicesEditor
          fieldId={field.id}
          choices={field.choices}
          onChange={(choices, coalesce) => onChange({ choices }, coalesce)}
        />
      );
    case 'multipleChoice':
      return (
        <>
          <ChoicesEditor
            fieldId={field.id}
            choices={field.choices}
            onChange={(choices, coalesce) => onChange({ choices }, coalesce)}
          />
          {number('minChoices', t('builder.inspector.minChoices'), field.minChoices, {
            min: 0,
            max: field.choices.length,
          })}
          {number('maxChoices', t('builder.inspector.maxChoices'), field.maxChoices, {
            min: 1,
            max: field.choices.length,
          })}
        </>
      );
    case 'rating':
      return number('max', t('builder.inspector.ratingMax'), field.max, { min: 3, max: 10, isRequired: true });
    case 'opinionScale':
      return (
        <>
          <div className="ui-field">
            <label htmlFor={`${field.id}-scale-min`}>{t('builder.inspector.scaleMin')}</label>
            <select
              id={`${field.id}-scale-min`}
              value={field.min}
              onChange={(event) => onChange({ min: Number(event.target.value) as 0 | 1 })}
            >
              <option value={0}>0</option>
              <option value={1}>1</option>
            </select>
          </div>
          {number('max', t('builder.inspector.scaleMax'), field.max, { min: 5, max: 10, isRequired: true })}
          {text('minLabel', t('builder.inspector.minLabel'), field.minLabel, { maxLength: 100 })}
          {text('maxLabel', t('builder.inspector.maxLabel'), field.maxLabel, { maxLength: 100 })}
        </>
      );
    case 'fileUpload':
      return (
        <>
          <TextSetting
            label={t('builder.inspector.accept')}
            value={field.accept.join(', ')}
            onChange={(value) =>
              onChange(
                {
                  accept: (value ?? '')
                    .split(',')
                    .map((type) => type.trim())
                    .filter(Boolean)
                    .slice(0, 20),
                },
                key('accept'),
              )
            }
          />
          {number('maxSizeMb', t('builder.inspector.maxSizeMb'), field.maxSizeMb, {
            min: 0.1,
            max: 25,
            step: 0.1,
            isRequired: true,
          })}
          {number('maxFiles', t('builder.inspector.maxFiles'), field.maxFiles, { min: 1, max: 10, isRequired: true })}
        </>
      );
    case 'consent':
      return (
        <TextSetting
          label={t('builder.inspector.consentText')}
          value={field.text}
          isMultiline
          maxLength={2000}
          onChange={(value) => onChange({ text: value ?? '' }, key('text'))}
        />
      );
    case 'heading':
      return text('text', t('builder.inspector.headingText'), field.text, { maxLength: 300 });
    case 'paragraph':
      return (
        <TextSetting
          label={t('builder.inspector.text')}
          value={field.text}
          isMultiline
          maxLength={5000}
          onChange={(value) => onChange({ text: value ?? '' }, key('text'))}
        />
      );
    case 'hidden':
      return (
        <>
          <TextSetting
            label={t('builder.inspector.queryParam')}
            value={field.queryParam}
            maxLength={60}
            hint={t('builder.inspector.queryParamHint', { param: field.queryParam })}
            onChange={(value) =>
              onChange({ queryParam: (value ?? '').replace(/[^A-Za-z0-9_.-]/g, '') }, key('queryParam'))
            }
          />
          {text('defaultValue', t('builder.inspector.defaultValue'), field.defaultValue, { maxLength: 500 })}
        </>
      );
    case 'calculated': {
      const numeric = earlierFields.filter((candidate) =>
        ['number', 'rating', 'opinionScale', 'calculated'].includes(candidate.type),
      );
      return (
        <>
          <TextSetting
            id={`${field.id}-expression`}
            label={t('builder.inspector.expression')}
            value={field.expression}
            maxLength={500}
            hint={t('builder.inspector.expressionHint')}
            onChange={(value) => onChange({ expression: value ?? '' }, key('expression'))}
          />
          {numeric.length > 0 ? (
            <div className="ui-field">
              <label htmlFor={`${field.id}-insert`}>{t('builder.inspector.insertField')}</label>
              <select
                id={`${field.id}-insert`}
                value=""
                onChange={(event) =>
                  onChange({ expression: `${field.expression}{${event.target.value}}`.slice(0, 500) })
                }
              >
                <option value="" />
                {numeric.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.label || candidate.id}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {number('decimals', t('builder.inspector.decimals'), field.decimals, { min: 0, max: 6, isRequired: true })}
        </>
      );
    }
    default:
      return null;
  }
}

export function RequiredSetting({ field, onChange }: Pick<FieldSettingsProps, 'field' | 'onChange'>) {
  const { t } = useTranslation('forms');
  if (['heading', 'paragraph', 'hidden', 'calculated'].includes(field.type)) return null;
  return (
    <CheckboxSetting
      label={t('builder.inspector.required')}
      checked={field.required}
      onChange={(required) => onChange({ required })}
    />
  );
}
