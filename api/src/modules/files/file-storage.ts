import type { Readable } from 'node:stream';

/** What is kept beside a file's bytes; the bytes are stored under the file's generated id only. */
export type FileMetadata = {
  /**
   * An answer of a respondent, a document the team attached to a form, or a PDF of the team's document
   * library (modules/documents: its record names the file; formId, fieldId and submissionId stay empty),
   * or a person's saved signature or initials (modules/documents, signature marks: teamId 0, since a
   * person keeps them across teams; the owner's id is the name's prefix).
   */
  kind: 'answer' | 'document' | 'library' | 'signature';
  teamId: number;
  formId: string;
  fieldId: string;
  /** The name the uploader's device gave it, for the download; never a path on our side. */
  name: string;
  /** Found from the content, not taken from the uploader. */
  type: string;
  /** Set when a submission refers to the file; until then it is pending and may be cleaned up. */
  submissionId: string | null;
  /**
   * Whether the files module counted it against the team's storage (the plan's limit): a form's file (an
   * answer or a document) from its upload on; never a library PDF or a signature, which the documents
   * module counts itself. Missing on a file stored before, until `settleUncountedFiles` settles it.
   * Only a counted file gives its bytes back when it goes.
   */
  isCounted?: boolean;
};

export type StoredFile = { id: string; size: number; uploadedAt: Date; metadata: FileMetadata };

/**
 * Where uploads live. GridFS on the app's database today (gridfs-storage.ts); an S3 bucket can take
 * its place behind the same calls.
 */
export type FileStorage = {
  /** Stores at most `maxBytes` from `input`; beyond that nothing is kept and it rejects with `tooLarge`. */
  put: (input: Readable, metadata: FileMetadata, maxBytes: number) => Promise<StoredFile>;
  find: (fileId: string) => Promise<StoredFile | null>;
  open: (fileId: string) => Readable;
  /** Removes a file; answers false when it was gone already (another delete was first). */
  remove: (fileId: string) => Promise<boolean>;
  /** Links pending files to a submission, only those still pending for that form and field. */
  claim: (fileIds: string[], formId: string, fieldId: string, submissionId: string) => Promise<number>;
  /** The files of one kind attached to a form, oldest first. */
  listOfForm: (formId: string, kind: FileMetadata['kind']) => Promise<StoredFile[]>;
  /**
   * Every file of one form (answers, pending or sent, and its documents) in stored order, read in
   * batches as the caller goes on: for a caller that stops where its budget ends, however many there are.
   */
  scanOfForm: (formId: string) => AsyncIterable<StoredFile>;
  /**
   * Removes every file of a form, answers and documents alike, pending or not. Each removal answers the
   * files this call removed, not those another delete removed first: what they took goes back once.
   */
  removeOfForm: (formId: string) => Promise<StoredFile[]>;
  /** Removes the files a submission of the form took up. */
  removeOfSubmission: (formId: string, submissionId: string) => Promise<StoredFile[]>;
  /** Removes pending answer files uploaded before `before`. */
  removePending: (before: Date) => Promise<StoredFile[]>;
  /** Up to `limit` files without `isCounted` (by the indexed equality on it). */
  findUnsettled: (limit: number) => Promise<StoredFile[]>;
  /** Sets `isCounted` of a file that has none; false when another call did first, or it is gone. */
  settleCounting: (fileId: string, isCounted: boolean) => Promise<boolean>;
};

export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
}
