import {
  largestFilesShown,
  type StorageDeletionRequest,
  type StorageFile,
  type StorageOverview,
} from '@formwerk/contracts';
import { findTeamPlan } from '../billing/team-plan';
import { deleteDocument, listDocuments } from '../documents/documents.service';
import { deleteFormDocument, scanFilesOfForm } from '../files/files.service';
import { findForm, findFormRowsOfTeam } from '../forms/forms.service';
import type { TeamRole } from '../teams/team.model';
import { readTeamStorage } from './team-storage';

/** Who looks: the session's user in the session's team, with their role there. */
export type Viewer = { teamId: number; userId: string; role: TeamRole };

// The database answers only equality by index and sorts in memory (decision 013), and no module keeps a
// team's files by size. So the largest are found by reading the team's files by equality (the library
// by its blocks, each form's files by `metadata.formId`), keeping the top few in passing: a few thousand
// small records, well under a second. Past these bounds the page says its figures are incomplete, as
// the submissions' and documents' searches do.
const libraryScanLimit = 2000;
const formFilesScanLimit = 5000;
const scanMs = 3000;

type Tally = { bytes: number; fileCount: number };

/** The `largestFilesShown` largest files offered, largest first; ties keep the one seen first. */
class LargestFiles {
  readonly files: StorageFile[] = [];

  offer(file: StorageFile): void {
    if (this.files.length === largestFilesShown && (this.files.at(-1)?.size ?? 0) >= file.size) return;
    const at = this.files.findIndex((kept) => kept.size < file.size);
    this.files.splice(at === -1 ? this.files.length : at, 0, file);
    if (this.files.length > largestFilesShown) this.files.pop();
  }
}

const mayChangeAnyDocument = (role: TeamRole) => role === 'owner' || role === 'admin';

/** The library's PDFs, page by page as its list reads them (by equality on the team's blocks). */
async function scanLibrary(viewer: Viewer, largest: LargestFiles, deadline: number): Promise<boolean> {
  let scanned = 0;
  for (let page = 1; ; page += 1) {
    if (scanned >= libraryScanLimit || Date.now() > deadline) return true;
    const { documents, pageCount } = await listDocuments(viewer.teamId, { page });
    for (const document of documents) {
      largest.offer({
        id: document.id,
        kind: 'document',
        name: document.name,
        size: document.size,
        createdAt: document.uploadedAt,
        form: null,
        submissionId: null,
        mayDelete: mayChangeAnyDocument(viewer.role) || document.uploadedBy.id === viewer.userId,
      });
    }
    scanned += documents.length;
    if (page >= pageCount) return false;
  }
}

type FormTallies = { forms: Tally; submissions: Tally; pending: Tally; countedBytes: number };

/** Each form's files, by equality on the form: its documents, its respondents' files, sent or pending. */
async function scanFormFiles(teamId: number, largest: LargestFiles, deadline: number) {
  const tallies: FormTallies = {
    forms: { bytes: 0, fileCount: 0 },
    submissions: { bytes: 0, fileCount: 0 },
    pending: { bytes: 0, fileCount: 0 },
    countedBytes: 0,
  };
  const count = (tally: Tally, size: number) => {
    tally.bytes += size;
    tally.fileCount += 1;
  };
  let scanned = 0;
  for (const form of await findFormRowsOfTeam(teamId)) {
    const formId = form._id.toString();
    for await (const file of scanFilesOfForm(formId)) {
      if (scanned >= formFilesScanLimit || Date.now() > deadline) return { tallies, isIncomplete: true };
      scanned += 1;
      const { kind, submissionId, teamId: fileTeamId, name, isCounted } = file.metadata;
      if (fileTeamId !== teamId) continue;
      if (isCounted) tallies.countedBytes += file.size;
      const listed = { id: file.id, name, size: file.size, createdAt: file.uploadedAt.toISOString() };
      const ofForm = { id: formId, title: form.title };
      if (kind === 'document') {
        count(tallies.forms, file.size);
        largest.offer({ ...listed, kind: 'formDocument', form: ofForm, submissionId: null, mayDelete: true });
      } else if (kind === 'answer' && submissionId) {
        count(tallies.submissions, file.size);
        largest.offer({ ...listed, kind: 'submissionFile', form: ofForm, submissionId, mayDelete: false });
      } else if (kind === 'answer') {
        // Not sent (yet): the files module removes these after a day (removeAbandonedUploadsJob).
        count(tallies.pending, file.size);
      }
    }
  }
  return { tallies, isIncomplete: false };
}

/**
 * GET /storage: what the team stores against its plan. The used bytes are the team's storage counter (the
 * one the plan's limit holds, kept exact by the documents and files modules); the forms' and
 * submissions' shares are counted from their files, and the documents' share is the rest of the counter.
 */
export async function getStorageOverview(viewer: Viewer): Promise<StorageOverview> {
  const deadline = Date.now() + scanMs;
  const largest = new LargestFiles();
  const [plan, counted, isLibraryIncomplete, formFiles] = await Promise.all([
    findTeamPlan(viewer.teamId),
    readTeamStorage(viewer.teamId),
    scanLibrary(viewer, largest, deadline),
    scanFormFiles(viewer.teamId, largest, deadline),
  ]);
  const { forms, submissions, pending, countedBytes } = formFiles.tallies;
  return {
    planId: plan.id,
    usedBytes: counted.usedBytes,
    limitBytes: counted.limitBytes,
    categories: [
      { category: 'documents', bytes: Math.max(0, counted.usedBytes - countedBytes), fileCount: null },
      { category: 'forms', ...forms },
      { category: 'submissions', ...submissions },
    ],
    largestFiles: largest.files,
    pendingUploads: pending,
    isIncomplete: isLibraryIncomplete || formFiles.isIncomplete,
  };
}

/**
 * POST /storage/deletions: the owning module deletes the file with its own checks and effects (the
 * library gives the bytes back to the team's storage and renumbers its pages; a form's document is
 * checked to be of the team's form), then the page gets the overview as it is now.
 */
export async function deleteStoredFile(viewer: Viewer, request: StorageDeletionRequest): Promise<StorageOverview> {
  if (request.kind === 'document') {
    await deleteDocument(viewer, request.id);
  } else {
    await findForm(viewer, request.formId);
    await deleteFormDocument(viewer, request.formId, request.id);
  }
  return getStorageOverview(viewer);
}
