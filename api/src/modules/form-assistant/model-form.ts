import type {
  AssistantModelField,
  AssistantModelForm,
  Choice,
  FormDefinition,
  FormDefinitionInput,
  FormField,
  FormFieldInput,
  FormLanguage,
} from '@formwerk/contracts';
import { idFromText, resolveIds } from './proposal-ids';

// The flat shape a model reads and writes (assistantModelOutputSchema) and the definition it stands
// for. What the shape cannot say (conditions, patterns, file types, calculations) a model never sees
// and never loses: a field it keeps under its id and type keeps those settings.

/** The form as the model is shown it: every field with its id, type and the settings it may change. */
export function toModelForm(definition: FormDefinition): AssistantModelForm {
  return {
    title: definition.title,
    description: definition.description,
    pages: definition.pages.map((page) => ({
      id: page.id,
      title: page.title ?? null,
      fields: page.fields.map(toModelField),
    })),
  };
}

function toModelField(field: FormField): AssistantModelField {
  return {
    id: field.id,
    type: field.type,
    label: field.label,
    help: field.help ?? null,
    required: field.required,
    placeholder: 'placeholder' in field ? (field.placeholder ?? null) : null,
    choices: 'choices' in field ? field.choices.map((choice) => choice.label) : null,
    text: 'text' in field ? (field.text ?? null) : null,
    min: 'min' in field && typeof field.min === 'number' ? field.min : null,
    max: 'max' in field && typeof field.max === 'number' ? field.max : null,
  };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, Math.round(value)));
/** `{ [key]: text }` for a text given, nothing for none: an optional setting is left out, not empty. */
const optionalText = <Key extends string>(key: Key, text: string | null | undefined) =>
  (text?.trim() ? { [key]: text.trim() } : {}) as Partial<Record<Key, string>>;

/** Choices from labels: a label the field had keeps its choice's id, a new one gets an id of its own. */
function choicesFrom(labels: string[] | null, kept: Choice[] | undefined): Choice[] {
  if (!labels || labels.length === 0) return kept ?? [];
  const used = new Set<string>();
  return labels.map((label, index) => {
    const match = kept?.find(
      (choice) => !used.has(choice.id) && choice.label.trim().toLowerCase() === label.trim().toLowerCase(),
    );
    let id = match?.id ?? idFromText(label, `choice-${index + 1}`);
    for (let suffix = 2; used.has(id); suffix += 1) id = `${idFromText(label, 'choice')}-${suffix}`;
    used.add(id);
    return { id, label: label.trim() };
  });
}

/**
 * The field a model proposed, under the id it was given. A field of `base` with that id and type
 * lends what the shape does not carry; its condition stays even when the type changes.
 */
function toField(proposed: AssistantModelField, id: string, base: FormField | undefined): FormFieldInput {
  const common = {
    id,
    label: proposed.label.trim(),
    required: proposed.required,
    ...optionalText('help', proposed.help),
    ...(base?.visibleWhen ? { visibleWhen: base.visibleWhen } : {}),
  };
  const kept = <Type extends FormField['type']>(type: Type) =>
    base?.type === type ? (base as Extract<FormField, { type: Type }>) : undefined;
  switch (proposed.type) {
    case 'shortText': {
      const { pattern, minLength, maxLength } = kept('shortText') ?? {};
      return {
        ...common,
        type: 'shortText',
        ...optionalText('placeholder', proposed.placeholder),
        ...(pattern ? { pattern } : {}),
        ...(minLength === undefined ? {} : { minLength }),
        ...(maxLength === undefined ? {} : { maxLength }),
      };
    }
    case 'longText': {
      const { minLength, maxLength } = kept('longText') ?? {};
      return {
        ...common,
        type: 'longText',
        ...optionalText('placeholder', proposed.placeholder),
        ...(minLength === undefined ? {} : { minLength }),
        ...(maxLength === undefined ? {} : { maxLength }),
      };
    }
    case 'email':
    case 'phone':
      return { ...common, type: proposed.type, ...optionalText('placeholder', proposed.placeholder) };
    case 'number':
      return {
        ...common,
        type: 'number',
        ...(proposed.min === null ? {} : { min: proposed.min }),
        ...(proposed.max === null ? {} : { max: proposed.max }),
        decimals: kept('number')?.decimals ?? 0,
      };
    case 'date':
    case 'time': {
      const { min, max } = (proposed.type === 'date' ? kept('date') : kept('time')) ?? {};
      return { ...common, type: proposed.type, ...(min ? { min } : {}), ...(max ? { max } : {}) };
    }
    case 'singleChoice':
    case 'dropdown':
      return {
        ...common,
        type: proposed.type,
        choices: choicesFrom(proposed.choices, base && 'choices' in base ? base.choices : undefined),
      };
    case 'multipleChoice': {
      const { minChoices, maxChoices } = kept('multipleChoice') ?? {};
      return {
        ...common,
        type: 'multipleChoice',
        choices: choicesFrom(proposed.choices, base && 'choices' in base ? base.choices : undefined),
        ...(minChoices === undefined ? {} : { minChoices }),
        ...(maxChoices === undefined ? {} : { maxChoices }),
      };
    }
    case 'yesNo':
    case 'signature':
      return { ...common, type: proposed.type };
    case 'rating':
      return { ...common, type: 'rating', max: clamp(proposed.max ?? kept('rating')?.max ?? 5, 3, 10) };
    case 'opinionScale': {
      const { min, max, minLabel, maxLabel } = kept('opinionScale') ?? {};
      return {
        ...common,
        type: 'opinionScale',
        min: (proposed.min ?? min ?? 0) >= 1 ? 1 : 0,
        max: clamp(proposed.max ?? max ?? 10, 5, 10),
        ...(minLabel ? { minLabel } : {}),
        ...(maxLabel ? { maxLabel } : {}),
      };
    }
    case 'fileUpload': {
      const { accept = [], maxSizeMb = 10, maxFiles = 1 } = kept('fileUpload') ?? {};
      return { ...common, type: 'fileUpload', accept, maxSizeMb, maxFiles };
    }
    case 'consent':
      return { ...common, type: 'consent', text: proposed.text?.trim() || kept('consent')?.text || common.label };
    case 'heading':
      return { ...common, type: 'heading', ...optionalText('text', proposed.text) };
    case 'paragraph':
      return { ...common, type: 'paragraph', text: proposed.text?.trim() || kept('paragraph')?.text || '' };
    case 'hidden': {
      const { queryParam = id.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 60) || 'source', defaultValue } =
        kept('hidden') ?? {};
      return { ...common, type: 'hidden', queryParam, ...(defaultValue ? { defaultValue } : {}) };
    }
    case 'calculated': {
      const { expression = '', decimals = 2 } = kept('calculated') ?? {};
      return { ...common, type: 'calculated', expression, decimals };
    }
  }
}

/**
 * The definition a model's form stands for, in `language`, against `base` (what it changes): ids
 * unique and stable (resolveIds), each field with what `base`'s field of that id and type had beyond
 * the shape, each page with its skip rule. Not yet checked: that is the caller's next step.
 */
export function fromModelForm(
  form: AssistantModelForm,
  base: FormDefinition | undefined,
  language: FormLanguage,
): FormDefinitionInput {
  const { pageIds, fieldIds } = resolveIds(form.pages, base);
  const baseFields = new Map(base?.pages.flatMap((page) => page.fields.map((field) => [field.id, field])));
  const basePages = new Map(base?.pages.map((page) => [page.id, page]));
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    language,
    pages: form.pages.map((page, pageIndex) => {
      const id = pageIds[pageIndex] as string;
      const skipWhen = basePages.get(id)?.skipWhen;
      return {
        id,
        ...optionalText('title', page.title),
        ...(skipWhen ? { skipWhen } : {}),
        fields: page.fields.map((field, fieldIndex) => {
          const fieldId = fieldIds[pageIndex]?.[fieldIndex] as string;
          return toField(field, fieldId, baseFields.get(fieldId));
        }),
      };
    }),
  };
}
