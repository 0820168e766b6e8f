import { createHash } from 'node:crypto';
import { type SigningFieldValue, signingImageMaxBytes, type ValidationIssue } from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { z } from 'zod';
import { isDuplicateKey } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { canonicalJson } from '../sealing/audit-trail';
import { checkSignatureImage } from '../signature-marks-image';
import type { PrefilledValue, StoredField, StoredSigningRequest } from './signing-request.model';
import { SigningValuesModel, type StoredFieldValue, type StoredSigningValues } from './signing-values.model';

export type CheckedValues = { values: Record<string, StoredFieldValue>; sha256: string };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const emailValue = z.email().max(254);
const nameMaxLength = 200;

/** Why `value` does not fit `field`, or null when it does (an empty value is judged by `required` alone). */
function problemOf(field: StoredField, value: SigningFieldValue): string | null {
  switch (field.kind) {
    case 'checkbox':
      if (typeof value !== 'boolean') return 'A checkbox takes true or false';
      return field.required && !value ? 'This box must be ticked' : null;
    case 'signature':
    case 'initials': {
      if (typeof value !== 'object') return 'A signature is a PNG image';
      const bytes = Buffer.from(value.png, 'base64');
      if (bytes.length > signingImageMaxBytes) return `The image is larger than ${signingImageMaxBytes} bytes`;
      try {
        // As a saved signature mark is checked: a whole PNG of bounded size, told by its bytes.
        checkSignatureImage(bytes);
        return null;
      } catch (error) {
        if (error instanceof AppError) return error.message;
        throw error;
      }
    }
    case 'date':
      if (typeof value !== 'string') return 'A date is written YYYY-MM-DD';
      return isoDate.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
        ? null
        : 'A date is written YYYY-MM-DD';
    case 'email':
      if (typeof value !== 'string') return 'An email address is text';
      return emailValue.safeParse(value).success ? null : 'Not an email address';
    case 'name':
      if (typeof value !== 'string') return 'A name is text';
      return value.length > nameMaxLength ? `A name has at most ${nameMaxLength} characters` : null;
    case 'text':
      return typeof value === 'string' ? null : 'This field takes text';
  }
}

const isEmpty = (value: SigningFieldValue | undefined) =>
  value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The values a recipient sends for their fields, checked by each field's kind: every required field
 * filled, nothing for a field that is not theirs. Text is kept trimmed; an empty optional field is left
 * out. Refused whole, with a path per field (`values.<fieldId>`), before anything is stored.
 */
export function checkValues(fields: readonly StoredField[], sent: Record<string, SigningFieldValue>): CheckedValues {
  const issues: ValidationIssue[] = [];
  const fieldById = new Map(fields.map((field) => [field.id, field]));
  for (const fieldId of Object.keys(sent)) {
    if (!fieldById.has(fieldId)) {
      issues.push({ path: ['values', fieldId], code: 'unknown', message: 'Not a field of this recipient' });
    }
  }
  const values: Record<string, StoredFieldValue> = {};
  for (const field of fields) {
    const value = sent[field.id];
    if (value === undefined || isEmpty(value)) {
      if (field.required) issues.push({ path: ['values', field.id], code: 'required', message: 'Required' });
      continue;
    }
    const problem = problemOf(field, value);
    if (problem) issues.push({ path: ['values', field.id], code: 'invalid', message: problem });
    else values[field.id] = typeof value === 'string' ? value.trim() : value;
  }
  if (issues.length > 0)
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not filled as they must be', { issues });
  return { values, sha256: createHash('sha256').update(canonicalJson(values)).digest('hex') };
}

type RolesFields = Pick<StoredSigningRequest, 'fields' | 'prefilled'>;

/** The fields a recipient fills: those of their role that were not filled before sending. */
export const fieldsOfRole = (request: RolesFields, roleId: string) =>
  request.fields.filter((field) => field.roleId === roleId && request.prefilled?.[field.id] === undefined);

/** The fields of a role filled before sending, with their values: the recipient sees them, fixed. */
export const prefilledOf = (request: RolesFields, roleId: string): { field: StoredField; value: PrefilledValue }[] =>
  request.fields.flatMap((field) => {
    const value = request.prefilled?.[field.id];
    return field.roleId === roleId && value !== undefined ? [{ field, value }] : [];
  });

/**
 * Stores what the recipient filled in before the transition that accepts it; its id (returned) is what
 * the transition records. The same values sent twice are one document.
 */
export async function storeValues(requestId: Types.ObjectId, recipientId: string, checked: CheckedValues) {
  const _id = `${requestId.toString()}:${recipientId}:${checked.sha256}`;
  await SigningValuesModel.updateOne(
    { _id },
    { $setOnInsert: { requestId, recipientId, values: checked.values } },
    { upsert: true },
  ).catch((error: unknown) => {
    // Two identical sends at once: both upsert the same document, one inserts it.
    if (!isDuplicateKey(error)) throw error;
  });
  return _id;
}

/**
 * Removes values a refused transition left behind, unless a recipient's accepted values are the same
 * document (the same values sent twice: one send won, and its document stays).
 */
export async function dropValuesUnlessTaken(request: StoredSigningRequest | null, valuesId: string): Promise<void> {
  if (request?.recipients.some((recipient) => recipient.valuesId === valuesId)) return;
  await SigningValuesModel.deleteOne({ _id: valuesId });
}

export async function readValuesOf(requestId: Types.ObjectId): Promise<Map<string, StoredSigningValues>> {
  const stored = await SigningValuesModel.find({ requestId }).lean<StoredSigningValues[]>();
  return new Map(stored.map((values) => [values._id, values]));
}
