import {
  type AnswerValue,
  type FileAnswer,
  type FormField,
  type ScreenFieldAccess,
  type TaskDetailResponse,
  takesAnswer,
} from '@formwerk/contracts';

export const commentInputId = 'task-comment';
export const answerInputId = (fieldId: string) => `task-field-${fieldId}`;
// Extra fields have ids of their own, which may equal a form field's.
export const extraInputId = (fieldId: string) => `task-extra-${fieldId}`;

/** The field types an approver can change here; files, signatures and computed values stay as sent. */
const editableTypes = new Set<FormField['type']>([
  'shortText',
  'longText',
  'email',
  'phone',
  'number',
  'date',
  'time',
  'singleChoice',
  'multipleChoice',
  'dropdown',
  'yesNo',
  'rating',
  'opinionScale',
  'consent',
]);

/** How the step's screen shows a form field; a field it does not name is read-only. */
export const accessOf = (detail: TaskDetailResponse, fieldId: string): ScreenFieldAccess =>
  detail.screen?.fields[fieldId] ?? 'readonly';

/** Whether the approver changes this field here: the screen allows it and this page has an input for it. */
export const isEditableHere = (detail: TaskDetailResponse, field: FormField) =>
  editableTypes.has(field.type) && accessOf(detail, field.id) === 'editable';

/** The form fields the approver may change at this step. */
export const editableFields = (detail: TaskDetailResponse): FormField[] =>
  detail.form.pages
    .flatMap((page) => page.fields)
    .filter((field) => takesAnswer(field) && isEditableHere(detail, field));

/** A stored answer as one of the shapes the form gives answers (anything else reads as no answer). */
export function toAnswerValue(value: unknown): AnswerValue | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  if (Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && 'fileId' in item)) {
    return value as FileAnswer[];
  }
  return undefined;
}
