import type { Readable } from 'node:stream';
import {
  type DocumentFolder as DocumentFolderDto,
  type DocumentListResponse,
  type DocumentSummary,
  documentMaxMb,
  documentNameMaxLength,
  documentPageSize,
} from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { blockOf, planPage } from '../../platform/block-paging';
import { closing } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { openLibraryFile, removeLibraryFile, storeLibraryFile } from '../files/files.service';
import { readTeamStorage, releaseTeamStorage, reserveTeamStorage } from '../storage/team-storage';
import type { TeamRole } from '../teams/team.model';
import { findUserById } from '../users/users.service';
import { findDocumentCounter, recordDocumentRemoval, takeDocumentSeq } from './document-counters';
import {
  countInFolder,
  findFolderOfTeam,
  insertFolder,
  listFolders,
  removeFolder,
  setFolderName,
  toFolderDto,
} from './document-folders';
import { isNameMatching, lookupKeyOf, searchKeysOf, searchWordsOf } from './document-search';
import { removeSharesOfDocument } from './document-shares.service';
import { type LibraryDocument, LibraryDocumentModel } from './library-document.model';
import { checkPdf, readPdfBody } from './pdf-upload';

/** Who acts: the session's user in the session's team, with their role there. */
export type Actor = { teamId: number; userId: string; role: TeamRole };

const documentMaxBytes = documentMaxMb * 1024 * 1024;
// A search reads the documents behind one key of its query and checks the other words in code; it
// stops after this many, or this long, and says so (`search.isIncomplete`), as the submissions' do.
const searchScanLimit = 5000;
const searchScanMs = 3000;

const notFound = () => new AppError('NOT_FOUND', 404, 'No such document');

/** A name fit for a listing and a Content-Disposition header: no path, no control characters, no quotes. */
export function cleanName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((character) => character.charCodeAt(0) >= 32 && character.charCodeAt(0) !== 127 && character !== '"')
    .join('')
    .trim();
  return [...clean].slice(0, documentNameMaxLength).join('') || 'document.pdf';
}

/** The name an upload sends in X-File-Name, URI-encoded (as it came when it is not). */
export function decodeHeaderName(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? '');
  } catch {
    return raw ?? '';
  }
}

/** Renaming, moving and deleting: whoever uploaded (or made) it, and the team's owner and admins. */
function assertMayChange(actor: Actor, ownerId: Types.ObjectId): void {
  if (actor.role === 'owner' || actor.role === 'admin' || ownerId.toString() === actor.userId) return;
  throw new AppError('FORBIDDEN', 403, 'Only who uploaded it, or the team’s owner and admins, may change this');
}

/** Another team's document answers 404, exactly like one that does not exist. */
async function findDocumentOfTeam(teamId: number, documentId: string): Promise<LibraryDocument> {
  const document = await LibraryDocumentModel.findOne({ _id: documentId, teamId }).lean<LibraryDocument>();
  if (!document) throw notFound();
  return document;
}

/** The current names of the uploaders, each read by its id (a page shows a few at most). */
async function namesOfUploaders(documents: LibraryDocument[]): Promise<Map<string, string>> {
  const ids = [...new Set(documents.map((document) => document.uploadedBy.toString()))];
  const users = await Promise.all(ids.map((id) => findUserById(id)));
  return new Map(users.flatMap((user) => (user ? [[user._id.toString(), user.name] as const] : [])));
}

function toDocumentDto(document: LibraryDocument, names: Map<string, string>): DocumentSummary {
  const uploaderId = document.uploadedBy.toString();
  return {
    id: document._id.toString(),
    name: document.name,
    size: document.size,
    pageCount: document.pageCount,
    folderId: document.folderId?.toString() ?? null,
    uploadedAt: document.uploadedAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
    uploadedBy: { id: uploaderId, name: names.get(uploaderId) ?? document.uploadedByName },
  };
}

async function toDocumentDtos(documents: LibraryDocument[]): Promise<DocumentSummary[]> {
  const names = await namesOfUploaders(documents);
  return documents.map((document) => toDocumentDto(document, names));
}

const newestFirst = (left: LibraryDocument, right: LibraryDocument) => right.seq - left.seq;
// The search keys are for the index only; lists never carry them.
const listed = { searchKeys: 0 } as const;

type Found = { documents: LibraryDocument[]; total: number; isIncomplete?: boolean };

/**
 * A page of the whole library, newest first: planned from the team's counter and read by equality on
 * the one or two blocks that hold it, so page 200 costs what page 1 does.
 */
async function findPageOfTeam(teamId: number, page: number): Promise<Found> {
  const counter = await findDocumentCounter(teamId);
  const skip = (page - 1) * documentPageSize;
  const { blocks, offset } = planPage(counter, { skip, take: documentPageSize, order: 'desc' });
  const read = await Promise.all(
    blocks.map((block) => LibraryDocumentModel.find({ teamId, block }, listed).lean<LibraryDocument[]>()),
  );
  const documents = read
    // Numbered after the counter was read: on the next look, with the total that counts them.
    .flatMap((inBlock) => inBlock.filter((document) => document.seq <= counter.seq).sort(newestFirst))
    .slice(offset, offset + documentPageSize);
  return { documents, total: Math.max(0, counter.count) };
}

/** A folder's documents by equality on {teamId, folderId}, ordered and cut in code. */
async function findPageOfFolder(teamId: number, folderId: string, page: number): Promise<Found> {
  const documents = await LibraryDocumentModel.find({ teamId, folderId }, listed).lean<LibraryDocument[]>();
  const start = (page - 1) * documentPageSize;
  return { documents: documents.sort(newestFirst).slice(start, start + documentPageSize), total: documents.length };
}

/**
 * Documents whose name has a word starting with each word of the query: those behind the longest
 * word's key, read by equality, checked against the rest in code; bounded by count and time.
 */
async function findPageOfSearch(teamId: number, words: string[], folderId: string | undefined, page: number) {
  const matches: LibraryDocument[] = [];
  const deadline = Date.now() + searchScanMs;
  let scanned = 0;
  let isIncomplete = false;
  for await (const document of closing(
    LibraryDocumentModel.find({ searchKeys: lookupKeyOf(teamId, words) }, listed)
      .lean<LibraryDocument[]>()
      .cursor({ batchSize: 500 }),
  )) {
    if (scanned >= searchScanLimit || Date.now() > deadline) {
      isIncomplete = true;
      break;
    }
    scanned += 1;
    const isInScope =
      document.teamId === teamId && (folderId === undefined || document.folderId?.toString() === folderId);
    if (isInScope && isNameMatching(document.name, words)) matches.push(document);
  }
  const start = (page - 1) * documentPageSize;
  return {
    documents: matches.sort(newestFirst).slice(start, start + documentPageSize),
    total: matches.length,
    isIncomplete,
  };
}

/** GET /documents: a page of the library (or of a folder, or of a search), its folders and storage. */
export async function listDocuments(
  teamId: number,
  { page, folderId, q }: { page: number; folderId?: string | undefined; q?: string | undefined },
): Promise<DocumentListResponse> {
  const words = searchWordsOf(q ?? '');
  const finding: Promise<Found> =
    words.length > 0
      ? findPageOfSearch(teamId, words, folderId, page)
      : folderId
        ? findPageOfFolder(teamId, folderId, page)
        : findPageOfTeam(teamId, page);
  const [found, folders, storage] = await Promise.all([finding, listFolders(teamId), readTeamStorage(teamId)]);
  return {
    documents: await toDocumentDtos(found.documents),
    page,
    pageCount: Math.ceil(found.total / documentPageSize),
    total: found.total,
    search: words.length > 0 ? { isIncomplete: found.isIncomplete ?? false } : null,
    folders: folders.map(toFolderDto),
    storage,
  };
}

/** Counts a document into its folder; one deleted meanwhile leaves the document in no folder. */
async function enterFolder(documentId: Types.ObjectId, folderId: string): Promise<void> {
  if (await countInFolder(folderId, 1)) return;
  await LibraryDocumentModel.updateOne({ _id: documentId, folderId }, { $set: { folderId: null } });
}

/**
 * POST /documents: a PDF checked before anything is stored (size, content, readable, not encrypted,
 * pages), its size reserved against the team's storage, then its bytes and its record stored. What a
 * failure after the reservation leaves behind is taken back.
 */
export async function uploadDocument(
  actor: Actor,
  { folderId }: { folderId?: string | undefined },
  input: Readable,
  { rawName, declaredLength }: { rawName: string | undefined; declaredLength: number | undefined },
): Promise<DocumentSummary> {
  const { teamId } = actor;
  if (folderId) await findFolderOfTeam(teamId, folderId);
  const pdf = await checkPdf(await readPdfBody(input, documentMaxBytes, declaredLength));
  const name = cleanName(decodeHeaderName(rawName));
  const size = pdf.bytes.length;
  await reserveTeamStorage(teamId, size);
  let fileId: string;
  try {
    fileId = await storeLibraryFile(teamId, name, pdf.bytes);
  } catch (error) {
    await releaseTeamStorage(teamId, size);
    throw error;
  }
  let seq: number | undefined;
  let document: LibraryDocument;
  try {
    seq = await takeDocumentSeq(teamId);
    const now = new Date();
    const uploader = await findUserById(actor.userId);
    const created = await LibraryDocumentModel.create({
      teamId,
      name,
      fileId,
      size,
      pageCount: pdf.pageCount,
      sha256: pdf.sha256,
      folderId: folderId ?? null,
      uploadedBy: actor.userId,
      uploadedByName: uploader?.name ?? '',
      uploadedAt: now,
      updatedAt: now,
      seq,
      block: blockOf(seq),
      searchKeys: searchKeysOf(teamId, name),
    });
    document = created.toObject() as LibraryDocument;
  } catch (error) {
    await removeLibraryFile(fileId);
    await releaseTeamStorage(teamId, size);
    if (seq !== undefined) await recordDocumentRemoval(teamId, blockOf(seq));
    throw error;
  }
  if (folderId) {
    await enterFolder(document._id, folderId);
    document = await findDocumentOfTeam(teamId, document._id.toString());
  }
  return toDocumentDto(document, await namesOfUploaders([document]));
}

/** GET /documents/{id}/file: the record (name, size) and a stream of its bytes. */
export async function openDocumentFile(teamId: number, documentId: string) {
  const document = await findDocumentOfTeam(teamId, documentId);
  return { document, stream: openLibraryFile(document.fileId) };
}

// A move that keeps meeting another change of the same document gives up after this many tries.
const moveAttempts = 3;

/**
 * Moves a document between folders (null: none). The update is guarded by the folder it was read in,
 * so two moves at once cannot both count it out of the same folder; the counts follow the winner.
 */
async function moveDocument(teamId: number, documentId: string, to: string | null): Promise<void> {
  if (to) await findFolderOfTeam(teamId, to);
  for (let attempt = 0; attempt < moveAttempts; attempt += 1) {
    const current = await findDocumentOfTeam(teamId, documentId);
    const from = current.folderId?.toString() ?? null;
    if (from === to) return;
    const { modifiedCount } = await LibraryDocumentModel.updateOne(
      { _id: current._id, teamId, folderId: from },
      { $set: { folderId: to, updatedAt: new Date() } },
    );
    if (modifiedCount === 0) continue;
    if (from) await countInFolder(from, -1);
    if (to) await enterFolder(current._id, to);
    return;
  }
  throw new AppError('VERSION_CONFLICT', 409, 'The document was changed meanwhile, please try again');
}

/** GET /documents/{id}: one document as the list shows it (a page opened by its address alone). */
export async function findDocument(teamId: number, documentId: string): Promise<DocumentSummary> {
  const document = await findDocumentOfTeam(teamId, documentId);
  return toDocumentDto(document, await namesOfUploaders([document]));
}

/** PATCH /documents/{id}: renames and/or moves. */
export async function updateDocument(
  actor: Actor,
  documentId: string,
  { name, folderId }: { name?: string | undefined; folderId?: string | null | undefined },
): Promise<DocumentSummary> {
  const document = await findDocumentOfTeam(actor.teamId, documentId);
  assertMayChange(actor, document.uploadedBy);
  if (folderId !== undefined) await moveDocument(actor.teamId, documentId, folderId);
  if (name !== undefined) {
    const clean = cleanName(name);
    const { matchedCount } = await LibraryDocumentModel.updateOne(
      { _id: document._id, teamId: actor.teamId },
      { $set: { name: clean, searchKeys: searchKeysOf(actor.teamId, clean), updatedAt: new Date() } },
    );
    if (matchedCount === 0) throw notFound();
  }
  const updated = await findDocumentOfTeam(actor.teamId, documentId);
  return toDocumentDto(updated, await namesOfUploaders([updated]));
}

/**
 * DELETE /documents/{id}: the file first (ADR 011: a delete that fails halfway is simply repeated),
 * then the record; only the request that removed the record corrects storage and counters, from the
 * record as it was removed, so two deletes at once subtract once and the other answers 404.
 */
export async function deleteDocument(actor: Actor, documentId: string): Promise<void> {
  const document = await findDocumentOfTeam(actor.teamId, documentId);
  assertMayChange(actor, document.uploadedBy);
  await removeLibraryFile(document.fileId);
  const removed = await LibraryDocumentModel.findOneAndDelete({
    _id: document._id,
    teamId: actor.teamId,
  }).lean<LibraryDocument>();
  if (!removed) throw notFound();
  await Promise.all([
    removeSharesOfDocument(removed._id),
    releaseTeamStorage(actor.teamId, removed.size),
    recordDocumentRemoval(actor.teamId, removed.block),
    removed.folderId ? countInFolder(removed.folderId, -1) : undefined,
  ]);
}

export async function createFolder(actor: Actor, name: string): Promise<DocumentFolderDto> {
  return toFolderDto(await insertFolder(actor.teamId, name, actor.userId));
}

export async function renameFolder(actor: Actor, folderId: string, name: string): Promise<DocumentFolderDto> {
  const folder = await findFolderOfTeam(actor.teamId, folderId);
  assertMayChange(actor, folder.createdBy);
  await setFolderName(actor.teamId, folderId, name);
  return toFolderDto(await findFolderOfTeam(actor.teamId, folderId));
}

/** DELETE /documents/folders/{id}: its documents stay, in no folder. */
export async function deleteFolder(actor: Actor, folderId: string): Promise<void> {
  const folder = await findFolderOfTeam(actor.teamId, folderId);
  assertMayChange(actor, folder.createdBy);
  await removeFolder(actor.teamId, folderId);
}
