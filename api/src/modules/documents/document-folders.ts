import type { DocumentFolder as DocumentFolderDto } from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { type DocumentFolder, DocumentFolderModel } from './document-folder.model';
import { type LibraryDocument, LibraryDocumentModel } from './library-document.model';

// Updates of many documents go ten at a time (decision 013: FerretDB holds a connection per statement).
const updatesAtOnce = 10;

const nameTaken = () => new AppError('FOLDER_NAME_TAKEN', 409, 'The team has a folder of this name');
const keyOf = (name: string) => name.normalize('NFC').toLowerCase();

export const toFolderDto = (folder: DocumentFolder): DocumentFolderDto => ({
  id: folder._id.toString(),
  name: folder.name,
  documentCount: Math.max(0, folder.documentCount),
});

/** The team's folders by name; each carries its stored count. */
export async function listFolders(teamId: number): Promise<DocumentFolder[]> {
  const folders = await DocumentFolderModel.find({ teamId }).lean<DocumentFolder[]>();
  return folders.sort((left, right) => left.name.localeCompare(right.name, 'de', { sensitivity: 'base' }));
}

/** Another team's folder answers 404, exactly like one that does not exist. */
export async function findFolderOfTeam(teamId: number, folderId: string): Promise<DocumentFolder> {
  const folder = await DocumentFolderModel.findOne({ _id: folderId, teamId }).lean<DocumentFolder>();
  if (!folder) throw new AppError('NOT_FOUND', 404, 'No such folder');
  return folder;
}

export async function insertFolder(teamId: number, name: string, createdBy: string): Promise<DocumentFolder> {
  // The unique index must exist before the first folder, or two of one name could both get in.
  await DocumentFolderModel.init();
  try {
    const folder = await DocumentFolderModel.create({
      teamId,
      name,
      nameKey: keyOf(name),
      documentCount: 0,
      createdBy,
      createdAt: new Date(),
    });
    return folder.toObject() as DocumentFolder;
  } catch (error) {
    throw isDuplicateKey(error) ? nameTaken() : error;
  }
}

export async function setFolderName(teamId: number, folderId: string, name: string): Promise<void> {
  await DocumentFolderModel.init();
  try {
    const { matchedCount } = await DocumentFolderModel.updateOne(
      { _id: folderId, teamId },
      { $set: { name, nameKey: keyOf(name) } },
    );
    if (matchedCount === 0) throw new AppError('NOT_FOUND', 404, 'No such folder');
  } catch (error) {
    throw isDuplicateKey(error) ? nameTaken() : error;
  }
}

/** Counts documents entering (+) or leaving (−) a folder; false when the folder is gone. */
export async function countInFolder(folderId: Types.ObjectId | string, change: number): Promise<boolean> {
  const { matchedCount } = await DocumentFolderModel.updateOne({ _id: folderId }, { $inc: { documentCount: change } });
  return matchedCount > 0;
}

/**
 * Removes the folder, then moves its documents to no folder. A document moved into it meanwhile finds
 * the folder gone when it counts itself in, and moves itself out (documents.service.ts).
 */
export async function removeFolder(teamId: number, folderId: string): Promise<void> {
  const removed = await DocumentFolderModel.findOneAndDelete({ _id: folderId, teamId }).lean<DocumentFolder>();
  if (!removed) throw new AppError('NOT_FOUND', 404, 'No such folder');
  const documents = await LibraryDocumentModel.find({ teamId, folderId: removed._id }, { _id: 1 }).lean<
    Pick<LibraryDocument, '_id'>[]
  >();
  for (let start = 0; start < documents.length; start += updatesAtOnce) {
    await LibraryDocumentModel.bulkWrite(
      documents.slice(start, start + updatesAtOnce).map((document) => ({
        updateOne: { filter: { _id: document._id, folderId: removed._id }, update: { $set: { folderId: null } } },
      })),
      { ordered: false },
    );
  }
}
