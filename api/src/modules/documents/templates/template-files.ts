import { trusted } from '../../../platform/db';
import { removeLibraryFile, storeLibraryFile } from '../../files/files.service';
import { releaseTeamStorage, reserveTeamStorage } from '../../storage/team-storage';
import { type TemplateFile, TemplateFileModel } from './template-file.model';

// A template keeps a copy of its PDF rather than a reference to the library's document. A reference
// would tie the two: the library deletes a document's file with it (and gives its bytes back to the
// team's storage), and a later version of a document would move the pages under the template's fields,
// whose places only mean something on exactly these pages. A copy is stored once per template made,
// counted against the team's storage like any upload; duplicates of a template share it (counted
// holders below), since nothing but templates ever reaches that file.

/** Stores a template's own copy of a PDF, its bytes counted against the team's storage; one holder. */
export async function storeTemplateFile(teamId: number, name: string, bytes: Buffer): Promise<string> {
  await reserveTeamStorage(teamId, bytes.length);
  let fileId: string;
  try {
    fileId = await storeLibraryFile(teamId, name, bytes);
  } catch (error) {
    await releaseTeamStorage(teamId, bytes.length);
    throw error;
  }
  try {
    await TemplateFileModel.create({ _id: fileId, teamId, size: bytes.length, holders: 1 });
  } catch (error) {
    await removeLibraryFile(fileId);
    await releaseTeamStorage(teamId, bytes.length);
    throw error;
  }
  return fileId;
}

/**
 * One more template holds the file: only while another still does, so a file whose last holder was
 * just deleted is never taken back up (the caller answers as for a template gone). One atomic update.
 */
export async function shareTemplateFile(fileId: string): Promise<boolean> {
  const shared = await TemplateFileModel.findOneAndUpdate(
    { _id: fileId, holders: trusted({ $gte: 1 }) },
    { $inc: { holders: 1 } },
    { new: true },
  ).lean<TemplateFile>();
  return shared !== null;
}

/**
 * One template fewer holds the file; the last one's release removes it and gives its bytes back to the
 * team's storage. Each release takes the count one lower, so only one of them sees it reach none.
 */
export async function releaseTemplateFile(fileId: string): Promise<void> {
  const released = await TemplateFileModel.findOneAndUpdate(
    { _id: fileId },
    { $inc: { holders: -1 } },
    { new: true },
  ).lean<TemplateFile>();
  if (!released || released.holders > 0) return;
  // The file before the record that names it (decision 011): a release that fails halfway leaves a
  // record without holders, for the clean-up of orphans still to come (decision 019), never lost bytes.
  await removeLibraryFile(fileId);
  await TemplateFileModel.deleteOne({ _id: fileId });
  await releaseTeamStorage(released.teamId, released.size);
}
