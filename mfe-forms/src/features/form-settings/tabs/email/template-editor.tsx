import type { FormDefinition } from '@formwerk/contracts';
import { fillPlaceholders } from '@formwerk/contracts/form-placeholders';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPicker } from '../../components/placeholder-picker';
import { exampleAnswers } from './example-answers';

type Template = { subject: string; body: string };
type TemplateEditorProps = {
  definition: FormDefinition;
  value: Template;
  onChange: (value: Template) => void;
};

type Part = keyof Template;

/**
 * Subject and text of the confirmation mail: "Insert answer" puts `{fieldId}` where the cursor was in
 * the part last edited, and a preview fills every placeholder with an example in the form's language.
 */
export function TemplateEditor({ definition, value, onChange }: TemplateEditorProps) {
  const { t } = useTranslation('forms');
  const id = useId();
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // The text goes where the respondent's answer is meant to be: the part last focused, body by default.
  const lastPart = useRef<Part>('body');
  const language = definition.language;
  const defaults = {
    subject: t('formSettings.email.defaultSubject', { lng: language }),
    body: t('formSettings.email.defaultBody', { lng: language }),
  };

  const insert = (placeholder: string) => {
    const part = lastPart.current;
    const element = part === 'subject' ? subjectRef.current : bodyRef.current;
    const text = value[part];
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    onChange({ ...value, [part]: `${text.slice(0, start)}${placeholder}${text.slice(end)}` });
    // After React wrote the new text: the cursor stands behind what was inserted.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + placeholder.length, start + placeholder.length);
    });
  };

  const examples = {
    definition,
    answers: exampleAnswers(definition, {
      text: t('formSettings.email.example.text', { lng: language }),
      email: 'name@example.com',
      file: t('formSettings.email.example.file', { lng: language }),
    }),
    locale: language,
    values: { formTitle: definition.title, reference: t('formSettings.email.example.reference') },
  };
  const preview = {
    subject: fillPlaceholders(value.subject.trim() || defaults.subject, examples),
    body: fillPlaceholders(value.body.trim() ? value.body : defaults.body, examples),
  };

  return (
    <div className="template-editor settings-fields">
      <div className="settings-field">
        <label htmlFor={`${id}-subject`}>{t('formSettings.email.subject')}</label>
        <input
          ref={subjectRef}
          id={`${id}-subject`}
          type="text"
          maxLength={300}
          value={value.subject}
          placeholder={defaults.subject}
          onFocus={() => {
            lastPart.current = 'subject';
          }}
          onChange={(event) => onChange({ ...value, subject: event.target.value })}
        />
      </div>
      <div className="settings-field">
        <label htmlFor={`${id}-body`}>{t('formSettings.email.body')}</label>
        <textarea
          ref={bodyRef}
          id={`${id}-body`}
          rows={8}
          maxLength={20_000}
          value={value.body}
          placeholder={defaults.body}
          aria-describedby={`${id}-hint`}
          onFocus={() => {
            lastPart.current = 'body';
          }}
          onChange={(event) => onChange({ ...value, body: event.target.value })}
        />
        <span id={`${id}-hint`} className="ui-hint">
          {t('formSettings.email.bodyHint')}
        </span>
      </div>
      <PlaceholderPicker
        definition={definition}
        extras={[
          { name: 'formTitle', label: t('formSettings.email.placeholders.formTitle') },
          { name: 'reference', label: t('formSettings.email.placeholders.reference') },
        ]}
        onPick={insert}
      />
      <section className="template-preview" aria-label={t('formSettings.email.previewTitle')}>
        <h3>{t('formSettings.email.previewTitle')}</h3>
        <p className="template-preview__subject">{preview.subject}</p>
        <p className="template-preview__body">{preview.body}</p>
      </section>
    </div>
  );
}
