import { Readable, Transform, type TransformCallback } from 'node:stream';
import {
  type Answers,
  type FileAnswer,
  type FormDefinition,
  type FormDocument,
  type FormField,
  formDocumentMaxMb,
  formDocumentTypes,
} from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import type { JobDefinition } from '../../platform/jobs';
import { type FileMetadata, type FileStorage, FileTooLargeError, type StoredFile } from './file-storage';
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

/** Streams a file into storage with its type and size checked on the way; nothing stays of a refused one. */
async function storeChecked(
  input: Readable,
  metadata: FileMetadata,
  maxBytes: number,
  isAllowed: (type: string) => boolean,
): Promise<StoredFile> {
  const typeCheck = checkTypeFirst(metadata.name, isAllowed, (type) => {
    metadata.type = type;
  });
  try {
    return await storage.put(input.pipe(typeCheck), metadata, maxBytes);
  } catch (error) {
    input.resume();
    if (error instanceof FileTooLargeError) {
      throw new AppError('FILE_TOO_LARGE', 413, 'The file is larger than allowed here', { maxBytes });
    }
    throw error;
  }
}

const toFileAnswer = (file: StoredFile): FileAnswer => ({
  fileId: file.id,
  name: file.metadata.name,
  size: file.size,
  type: file.metadata.type,
});

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
  const metadata: FileMetadata = {
    kind: 'answer',
    teamId: form.teamId,
    formId: form.id,
    fieldId,
    name: cleanName(rawName),
    type: '',
    submissionId: null,
  };
  return toFileAnswer(await storeChecked(input, metadata, maxBytes, isAllowed));
}

/**
 * The file answers of a new submission as stored: each must name a file uploaded to this form and field
 * that no submission has taken yet (and each only once); its name, size and type are the stored file's,
 * not what the respondent sent. Fields whose files break this are listed as invalid.
 */
export async function resolveFileAnswers(
  form: PublishedForm,
  answers: Answers,
): Promise<{ answers: Answers; invalidFieldIds: string[] }> {
  const resolved: Answers = { ...answers };
  const invalidFieldIds: string[] = [];
  for (const field of form.definition.pages.flatMap((page) => page.fields)) {
    if (field.type !== 'fileUpload' && field.type !== 'signature') continue;
    const files = (answers[field.id] as FileAnswer[] | undefined) ?? [];
    const stored = await Promise.all(files.map((file) => storage.find(file.fileId)));
    const isValid =
      new Set(files.map((file) => file.fileId)).size === files.length &&
      stored.every(
        (file) =>
          file?.metadata.kind === 'answer' &&
          file.metadata.formId === form.id &&
          file.metadata.fieldId === field.id &&
          file.metadata.submissionId === null,
      );
    if (!isValid) invalidFieldIds.push(field.id);
    else if (files.length > 0) resolved[field.id] = stored.map((file) => toFileAnswer(file as StoredFile));
  }
  return { answers: resolved, invalidFieldIds };
}

export async function claimFileAnswers(form: PublishedForm, answers: Answers, submissionId: string) {
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

const documentLimitBytes = formDocumentMaxMb * megabyte;
const isDocumentType = (type: string) => (formDocumentTypes as readonly string[]).includes(type);

const toFormDocument = (file: StoredFile): FormDocument => ({
  id: file.id,
  name: file.metadata.name,
  type: file.metadata.type,
  size: file.size,
  uploadedAt: file.uploadedAt.toISOString(),
});

/** Attaches a document to a form of the team (the form is checked by the caller). */
export async function uploadFormDocument(
  team: Team,
  formId: string,
  input: Readable,
  rawName: string | undefined,
): Promise<FormDocument> {
  const metadata: FileMetadata = {
    kind: 'document',
    teamId: team.teamId,
    formId,
    fieldId: '',
    name: cleanName(rawName),
    type: '',
    submissionId: null,
  };
  return toFormDocument(await storeChecked(input, metadata, documentLimitBytes, isDocumentType));
}

export async function listFormDocuments(formId: string): Promise<FormDocument[]> {
  return (await storage.listOfForm(formId, 'document')).map(toFormDocument);
}

export async function deleteFormDocument(team: Team, formId: string, fileId: string): Promise<void> {
  const stored = await storage.find(fileId);
  const isOurs =
    stored?.metadata.kind === 'document' && stored.metadata.teamId === team.teamId && stored.metadata.formId === formId;
  if (!isOurs) throw new AppError('NOT_FOUND', 404, 'No such document');
  await storage.remove(fileId);
}

/**
 * Stores a PDF of the team's document library. Its type, size and the team's storage were checked by
 * the documents module before, so the bytes go in as they are.
 */
export async function storeLibraryFile(teamId: number, name: string, bytes: Buffer): Promise<string> {
  const metadata: FileMetadata = {
    kind: 'library',
    teamId,
    formId: '',
    fieldId: '',
    name,
    type: 'application/pdf',
    submissionId: null,
  };
  return (await storage.put(Readable.from([bytes]), metadata, bytes.length)).id;
}

/** A person's saved signature or initials, a PNG checked by the caller (modules/documents, signature marks). */
export async function storeSignatureFile(userId: string, name: string, bytes: Buffer): Promise<string> {
  const metadata: FileMetadata = {
    kind: 'signature',
    teamId: 0,
    formId: '',
    fieldId: '',
    name: `${userId}-${name}.png`,
    type: 'image/png',
    submissionId: null,
  };
  return (await storage.put(Readable.from([bytes]), metadata, bytes.length)).id;
}

export const openSignatureFile = (fileId: string): Readable => openLibraryFile(fileId);
/** Gone already (a save or delete at the same time removed it) counts as removed. */
export const removeSignatureFile = (fileId: string): Promise<void> => removeLibraryFile(fileId);

export function openLibraryFile(fileId: string): Readable {
  return storage.open(fileId);
}

/** Removes a library file; one already gone (a delete that raced) is what was asked for. */
export async function removeLibraryFile(fileId: string): Promise<void> {
  try {
    await storage.remove(fileId);
  } catch (error) {
    if (await storage.find(fileId)) throw error;
  }
}

/** Every file of a form, answers and documents, read as the caller goes on (see FileStorage.scanOfForm). */
export const scanFilesOfForm = (formId: string): AsyncIterable<StoredFile> => storage.scanOfForm(formId);

/** Every file of a form goes with it: its respondents' answers, sent or pending, and its documents. */
export function removeFilesOfForm(formId: string): Promise<number> {
  return storage.removeOfForm(formId);
}

/** The files respondents sent with these submissions of the form (ids of other forms remove nothing). */
export async function removeFilesOfSubmissions(formId: string, submissionIds: string[]): Promise<void> {
  await Promise.all(submissionIds.map((submissionId) => storage.removeOfSubmission(formId, submissionId)));
}

/** A file of the team, to download; another team's id answers 404 like an unknown one. */
export async function openTeamFile(team: Team, fileId: string) {
  const stored = await storage.find(fileId);
  // Only a form's files: library PDFs and people's signatures have routes (and checks) of their own.
  const isFormFile = stored?.metadata.kind === 'answer' || stored?.metadata.kind === 'document';
  if (!stored || !isFormFile || stored.metadata.teamId !== team.teamId) {
    throw new AppError('NOT_FOUND', 404, 'No such file');
  }
  return { file: stored, stream: storage.open(fileId) };
}

/** Hourly: uploads a respondent made but never sent with a submission do not stay. */
export const removeAbandonedUploadsJob: JobDefinition<object> = {
  name: 'remove-abandoned-uploads',
  everyMs: 60 * 60_000,
  run: async () => {
    await removeAbandonedUploads();
  },
};

export function removeAbandonedUploads(now = new Date()): Promise<number> {
  return storage.removePending(new Date(now.getTime() - pendingFileLifetimeMs));
}
