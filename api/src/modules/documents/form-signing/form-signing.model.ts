import { type SubmissionSigningStatus, submissionSigningStatuses } from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { model, Schema } from '../../../platform/db';

// A form's documents to sign (issue 16): its settings, one document per form, and the start of each
// submission's request, one document per submission. Both are found by `_id` alone (decision 013).

const recipientSchema = new Schema(
  {
    roleId: { type: String, required: true },
    name: { type: String, required: true },
    email: { type: String, required: true },
  },
  { _id: false },
);

/** `_id` is the form's id: a submission, the settings page and the form's deletion find it by equality. */
const formSigningSchema = new Schema(
  {
    _id: { type: String, required: true },
    teamId: { type: Number, required: true },
    isEnabled: { type: Boolean, required: true },
    templateId: { type: String, required: true },
    respondentRoleId: { type: String, required: true },
    nameFieldId: { type: String, required: true },
    emailFieldId: { type: String, required: true },
    /** Prefill key → form field id; keys are plain identifiers (templatePrefillKeyPattern), safe as paths. */
    prefill: { type: Schema.Types.Mixed, required: true },
    recipients: { type: [recipientSchema], default: [] },
    message: { type: String, default: null },
    expiryDays: { type: Number, required: true },
    reminderEveryDays: { type: Number, default: null },
    /** Who saved the settings last: the requests are sent in their name. */
    updatedBy: { type: Schema.Types.ObjectId, required: true },
    updatedByName: { type: String, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

export type StoredFormSigning = {
  _id: string;
  teamId: number;
  isEnabled: boolean;
  templateId: string;
  respondentRoleId: string;
  nameFieldId: string;
  emailFieldId: string;
  prefill: Record<string, string>;
  recipients: { roleId: string; name: string; email: string }[];
  message: string | null;
  expiryDays: number;
  reminderEveryDays: number | null;
  updatedBy: Types.ObjectId;
  updatedByName: string;
  updatedAt: Date;
};

export const FormSigningModel = model('FormSigning', formSigningSchema, 'form_signings');

/**
 * `_id` is the submission's id: inserted before the request is sent, so a submission starts one request
 * however often it is tried (the unique `_id` decides), and the submission's detail finds its request
 * by equality. `requestId` is chosen with it: a try that finds `starting` sends with the same id, and of
 * two such tries one request is stored.
 */
const formSigningStartSchema = new Schema(
  {
    _id: { type: String, required: true },
    formId: { type: String, required: true },
    teamId: { type: Number, required: true },
    requestId: { type: Schema.Types.ObjectId, required: true },
    respondentRoleId: { type: String, required: true },
    status: { type: String, enum: submissionSigningStatuses, required: true },
    /** The respondent's recipient in the request, once started: their link is made of it. */
    respondentId: { type: String, default: null },
    failure: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export type StoredFormSigningStart = {
  _id: string;
  formId: string;
  teamId: number;
  requestId: Types.ObjectId;
  respondentRoleId: string;
  status: SubmissionSigningStatus;
  respondentId: string | null;
  failure: string | null;
  createdAt: Date;
};

export const FormSigningStartModel = model('FormSigningStart', formSigningStartSchema, 'form_signing_starts');
