import { type Readable, Transform, type TransformCallback } from 'node:stream';
import type { FileAnswer, FormDefinition, FormField } from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import type { JobDefinition } from '../../platform/jobs';
import { type FileStorage, FileTooLargeError, type StoredFile } from './file-storage';
import { gridFsStorage } from './gridfs-storage';
import { isTypeAccepted, sniffFileType } from './sniff-file-type';

type Team = { teamId: number };
type PublishedForm = { id: string; teamId: number; definition: FormDefinition };

const storage: FileStorage = gridFsStorage;
const megabyte = 1024 * 1024;
/** A drawn signature is a small PNG. */
const signatureLimitBytes = megabyte;
/** Pending uploads no submission took up are removed after this long. */
export const pendingFileLifetimeMs = 24 * 60 * 60 * 1000;

const sniffBytes = 16;

/** Holds the stream's first bytes until their type is known; refuses the file before storing any if it is not allowed. */
function checkTypeFirst(name: string, isAllowed: (type: string) => boolean, onType: (type: string) => void) {
  let head = Buffer.alloc(0);
  let isChecked = false;
  const check = (stream: Transform): Error | null => {
    isChecked = true;
    const type = sniffFileType(head, name);
    if (!type || !isAllowed(type))
      return new AppError('FILE_TYPE_NOT_ALLOWED', 415, 'This type of file is not allowed here');
    onType(type);
    stream.push(head);
    return null;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      if (isChecked) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      done(head.length >= sniffBytes ? check(this) : null);
    },
    flush(done: TransformCallback) {
      done(isChecked ? null : check(this));
    },
  });
}

/** A file name fit for a Content-Disposition header and a listing: no path, no control characters. */
function cleanName(raw: string | undefined): string {
  const decoded = (() => {
    try {
      return decodeURIComponent(raw ?? '');
    } catch {
      return raw ?? '';
    }
  })();
  const base = decoded.split(/[\\/]/).pop() ?? '';
  // Control characters and quotes have no place in a header or a listing.
  const clean = [...base]
    .filter((character) => character.charCodeAt(0) >= 32 && character.charCodeAt(0) !== 127 && character !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

function uploadField(form: PublishedForm, fieldId: string): FormField & { type: 'fileUpload' | 'signature' } {
  const field = form.definition.pages.flatMap((page) => page.fields).find((candidate) => candidate.id === fieldId);
  if (field?.type !== 'fileUpload' && field?.type !== 'signature') {
    throw new AppError('VALIDATION_FAILED', 400, 'This field takes no files', { issues: [{ path: ['fieldId'] }] });
  }
  return field;
}

/**
 * A respondent's file for a field of a published form: its type told by its content and allowed by the
 * field, its size within the field's limit, both checked while it streams in.
 */
export async function uploadRespondentFile(
  form: PublishedForm,
  fieldId: string,
  input: Readable,
  rawName: string | undefined,
): Promise<FileAnswer> {
  const field = uploadField(form, fieldId);
  const maxBytes = field.type === 'signature' ? signatureLimitBytes : Math.round(field.maxSizeMb * megabyte);
  const isAllowed = (type: string) =>
    field.type === 'signature' ? type === 'image/png' : isTypeAccepted(type, field.accept);
  const name = cleanName(rawName);
  const metadata = { teamId: form.teamId, formId: form.id, fieldId, name, type: '', submissionId: null };
  const typeCheck = checkTypeFirst(name, isAllowed, (type) => {
    metadata.type = type;
  });
  let stored: StoredFile;
  try {
    stored = await storage.put(input.pipe(typeCheck), metadata, maxBytes);
  } catch (error) {
    input.resume();
    if (error instanceof FileTooLargeError) {
      throw new AppError('FILE_TOO_LARGE', 413, 'The file is larger than this field allows', {
        maxBytes,
      });
    }
    throw error;
  }
  return { fileId: stored.id, name: stored.metadata.name, size: stored.size, type: stored.metadata.type };
}

/**
 * Links the files of a new submission's answers to it. Only files uploaded to this form and field and
 * not yet taken by another submission count; anything else makes the answers invalid.
 */
export async function checkFileAnswers(form: PublishedForm, answers: Record<string, unknown>) {
  const fileFields = form.definition.pages
    .flatMap((page) => page.fields)
    .filter((field) => field.type === 'fileUpload' || field.type === 'signature');
  const invalid: string[] = [];
  for (const field of fileFields) {
    const files = (answers[field.id] as FileAnswer[] | undefined) ?? [];
    for (const file of files) {
      const stored = await storage.find(file.fileId);
      const isOurs =
        stored?.metadata.formId === form.id &&
        stored.metadata.fieldId === field.id &&
        stored.metadata.submissionId === null;
      if (!isOurs) invalid.push(field.id);
    }
  }
  return [...new Set(invalid)];
}

export async function claimFileAnswers(form: PublishedForm, answers: Record<string, unknown>, submissionId: string) {
  for (const field of form.definition.pages.flatMap((page) => page.fields)) {
    if (field.type !== 'fileUpload' && field.type !== 'signature') continue;
    const files = (answers[field.id] as FileAnswer[] | undefined) ?? [];
    if (files.length > 0)
      await storage.claim(
        files.map((file) => file.fileId),
        form.id,
        field.id,
        submissionId,
      );
  }
}

/** A file of the team, to download; another team's id answers 404 like an unknown one. */
export async function openTeamFile(team: Team, fileId: string) {
  const stored = await storage.find(fileId);
  if (!stored || stored.metadata.teamId !== team.teamId) throw new AppError('NOT_FOUND', 404, 'No such file');
  return { file: stored, stream: storage.open(fileId) };
}

/** Hourly: uploads a respondent made but never sent with a submission do not stay. */
export const removeAbandonedUploadsJob: JobDefinition<object> = {
  name: 'remove-abandoned-uploads',
  every: '1 hour',
  run: async () => {
    await removeAbandonedUploads();
  },
};

export function removeAbandonedUploads(now = new Date()): Promise<number> {
  return storage.removePending(new Date(now.getTime() - pendingFileLifetimeMs));
}
