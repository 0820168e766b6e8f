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
import { countTeamStorage, noticeStorageFull, releaseTeamStorage, reserveTeamStorage } from '../storage/team-storage';
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

const tooLarge = (maxBytes: number) =>
  new AppError('FILE_TOO_LARGE', 413, 'The file is larger than allowed here', { maxBytes });

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
    if (error instanceof FileTooLargeError) throw tooLarge(maxBytes);
    throw error;
  }
}

/**
 * Stores a form's file counted against its team's storage. The size the request declares
 * (Content-Length), else the most the file may have, is reserved before a byte is stored, so uploads at
 * the same moment never pass the plan's limit together (team-storage's conditional `$inc`); what the
 * file turned out smaller goes back, and all of it when the file is refused. A full storage refuses with
 * 409 STORAGE_LIMIT_REACHED.
 */
async function storeCounted(
  input: Readable,
  metadata: FileMetadata,
  maxBytes: number,
  isAllowed: (type: string) => boolean,
  declaredBytes: number | undefined,
): Promise<StoredFile> {
  const reserved = declaredBytes ?? maxBytes;
  try {
    if (reserved > maxBytes) throw tooLarge(maxBytes);
    await reserveTeamStorage(metadata.teamId, reserved);
  } catch (error) {
    input.resume();
    throw error;
  }
  let stored: StoredFile;
  try {
    stored = await storeChecked(input, { ...metadata, isCounted: true }, maxBytes, isAllowed);
  } catch (error) {
    await releaseTeamStorage(metadata.teamId, reserved);
    throw error;
  }
  // Never more than reserved: the field's limit stops the stream, and HTTP delivers no more than declared.
  if (stored.size < reserved) await releaseTeamStorage(metadata.teamId, reserved - stored.size);
  return stored;
}

/** Gives back what removed files took of their teams' storage: those counted, per team in one update. */
async function releaseRemoved(files: StoredFile[]): Promise<void> {
  const bytesOfTeam = new Map<number, number>();
  for (const { metadata, size } of files) {
    if (metadata.isCounted) bytesOfTeam.set(metadata.teamId, (bytesOfTeam.get(metadata.teamId) ?? 0) + size);
  }
  await Promise.all([...bytesOfTeam].map(([teamId, bytes]) => releaseTeamStorage(teamId, bytes)));
}

const toFileAnswer = (file: StoredFile): FileAnswer => ({
  fileId: file.id,
  name: file.metadata.name,
  size: file.size,
  type: file.metadata.type,
});

/**
 * A respondent's file for a field of a published form: its type told by its content and allowed by the
 * field, its size within the field's limit, both checked while it streams in, and counted against the
 * team's storage. A full storage refuses it without telling the respondent the team's figures, and
 * tells the team's owners and admins (once until room is made).
 */
export async function uploadRespondentFile(
  form: PublishedForm,
  fieldId: string,
  input: Readable,
  { rawName, declaredBytes }: { rawName: string | undefined; declaredBytes: number | undefined },
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
  try {
    return toFileAnswer(await storeCounted(input, metadata, maxBytes, isAllowed, declaredBytes));
  } catch (error) {
    if (error instanceof AppError && error.code === 'STORAGE_LIMIT_REACHED') {
      // The owners' notice, not the respondent's answer: a notice that fails is tried by the next refusal.
      await noticeStorageFull(form.teamId, form.definition.title).catch(() => undefined);
      throw new AppError('STORAGE_LIMIT_REACHED', 409, 'This form takes no more files at the moment');
    }
    throw error;
  }
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

/**
 * Attaches a document to a form of the team (the form is checked by the caller), counted against the
 * team's storage: a full one refuses with what is used, the limit and what the file needed.
 */
export async function uploadFormDocument(
  team: Team,
  formId: string,
  input: Readable,
  { rawName, declaredBytes }: { rawName: string | undefined; declaredBytes: number | undefined },
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
  return toFormDocument(await storeCounted(input, metadata, documentLimitBytes, isDocumentType, declaredBytes));
}

export async function listFormDocuments(formId: string): Promise<FormDocument[]> {
  return (await storage.listOfForm(formId, 'document')).map(toFormDocument);
}

export async function deleteFormDocument(team: Team, formId: string, fileId: string): Promise<void> {
  const stored = await storage.find(fileId);
  const isOurs =
    stored?.metadata.kind === 'document' && stored.metadata.teamId === team.teamId && stored.metadata.formId === formId;
  if (!isOurs) throw new AppError('NOT_FOUND', 404, 'No such document');
  if (await storage.remove(fileId)) await releaseRemoved([stored]);
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
    isCounted: false,
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
    isCounted: false,
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
  await storage.remove(fileId);
}

/** Every file of a form, answers and documents, read as the caller goes on (see FileStorage.scanOfForm). */
export const scanFilesOfForm = (formId: string): AsyncIterable<StoredFile> => storage.scanOfForm(formId);

/**
 * Every file of a form goes with it: its respondents' answers, sent or pending, and its documents; what
 * they took of the team's storage goes back.
 */
export async function removeFilesOfForm(formId: string): Promise<void> {
  await releaseRemoved(await storage.removeOfForm(formId));
}

/** The files respondents sent with these submissions of the form (ids of other forms remove nothing). */
export async function removeFilesOfSubmissions(formId: string, submissionIds: string[]): Promise<void> {
  const removed = await Promise.all(
    submissionIds.map((submissionId) => storage.removeOfSubmission(formId, submissionId)),
  );
  await releaseRemoved(removed.flat());
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

export async function removeAbandonedUploads(now = new Date()): Promise<number> {
  const removed = await storage.removePending(new Date(now.getTime() - pendingFileLifetimeMs));
  await releaseRemoved(removed);
  return removed.length;
}

const settleBatch = 200;
const settleBudgetMs = 60_000;

/**
 * Settles the counting of files stored before it was settled at upload: a form's file (an answer or a
 * document) is counted against its team's storage now, whatever the limit (it is stored already), a
 * library PDF or a signature is marked as counted elsewhere. Each file is marked first, by a guarded
 * update, so two runs never count one twice. Batch by batch, for a minute per run; a run that finds
 * none is one indexed lookup.
 */
export async function settleUncountedFiles(deadline = Date.now() + settleBudgetMs): Promise<number> {
  let settled = 0;
  while (Date.now() < deadline) {
    const files = await storage.findUnsettled(settleBatch);
    if (files.length === 0) break;
    for (const file of files) {
      const isFormFile = file.metadata.kind === 'answer' || file.metadata.kind === 'document';
      if (!(await storage.settleCounting(file.id, isFormFile))) continue;
      settled += 1;
      if (isFormFile) await countTeamStorage(file.metadata.teamId, file.size);
    }
  }
  return settled;
}

/** Hourly, first at start-up: files stored before form files counted against the plan are counted. */
export const settleUncountedFilesJob: JobDefinition<object> = {
  name: 'settle-uncounted-files',
  everyMs: 60 * 60_000,
  run: async () => {
    await settleUncountedFiles();
  },
};
