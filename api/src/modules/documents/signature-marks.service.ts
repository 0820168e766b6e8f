import type { Readable } from 'node:stream';
import {
  type SaveSignatureMarkQuery,
  type SignatureFont,
  type SignatureMark,
  type SignatureMarkName,
  type SignatureMarks,
  signatureMarkMaxBytes,
} from '@formwerk/contracts';
import { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { openSignatureFile, removeSignatureFile, storeSignatureFile } from '../files/files.service';
import { SignatureMarksModel, type SignatureMarksRecord, type StoredSignatureMark } from './signature-marks.model';
import { checkSignatureImage, readImageBody } from './signature-marks-image';

const notFound = () => new AppError('NOT_FOUND', 404, 'No such signature mark');

function toMarkDto(mark: StoredSignatureMark | null): SignatureMark | null {
  if (!mark) return null;
  return {
    kind: mark.kind,
    updatedAt: mark.updatedAt.toISOString(),
    width: mark.width,
    height: mark.height,
    ...(mark.kind === 'typed' ? { typedText: mark.typedText, font: mark.font as SignatureFont } : {}),
  };
}

const findRecord = (userId: string) =>
  SignatureMarksModel.findOne({ userId: new Types.ObjectId(userId) }).lean<SignatureMarksRecord>();

/** The person's marks, the same in every team they belong to. */
export async function findSignatureMarks(userId: string): Promise<SignatureMarks> {
  const record = await findRecord(userId);
  return { signature: toMarkDto(record?.signature ?? null), initials: toMarkDto(record?.initials ?? null) };
}

/**
 * Puts `mark` in place of `name` and answers what it replaced, in one update by `userId`: two saves at
 * once each get the one they replaced, so every replaced file is removed exactly once.
 */
async function swapMark(
  userId: string,
  name: SignatureMarkName,
  mark: StoredSignatureMark | null,
): Promise<StoredSignatureMark | null> {
  const filter = { userId: new Types.ObjectId(userId) };
  const change = { $set: { [name]: mark } };
  try {
    const before = await SignatureMarksModel.findOneAndUpdate(filter, change, {
      upsert: mark !== null,
      new: false,
    }).lean<SignatureMarksRecord>();
    return before?.[name] ?? null;
  } catch (error) {
    // The person's first two saves at once: one made the record, the other now changes it.
    if (!isDuplicateKey(error)) throw error;
    const before = await SignatureMarksModel.findOneAndUpdate(filter, change, {
      new: false,
    }).lean<SignatureMarksRecord>();
    return before?.[name] ?? null;
  }
}

/**
 * Saves the PNG of the body as the person's signature or initials, replacing (and removing) the one
 * saved before. Checked whole before anything is stored: at most 1 MB, a PNG by its bytes, of a size
 * a mark may have.
 */
export async function saveSignatureMark(
  userId: string,
  name: SignatureMarkName,
  query: SaveSignatureMarkQuery,
  body: Readable,
  declaredLength: number | undefined,
): Promise<SignatureMark> {
  const bytes = await readImageBody(body, signatureMarkMaxBytes, declaredLength);
  const image = checkSignatureImage(bytes);
  const fileId = await storeSignatureFile(userId, name, image.bytes);
  const mark: StoredSignatureMark = {
    kind: query.kind,
    fileId,
    width: image.width,
    height: image.height,
    ...(query.kind === 'typed' ? { typedText: query.typedText, font: query.font } : {}),
    updatedAt: new Date(),
  };
  let replaced: StoredSignatureMark | null;
  try {
    replaced = await swapMark(userId, name, mark);
  } catch (error) {
    await removeSignatureFile(fileId).catch(() => undefined);
    throw error;
  }
  if (replaced) await removeSignatureFile(replaced.fileId);
  return toMarkDto(mark) as SignatureMark;
}

/** Removes the person's signature or initials and its image; 404 when none is saved (or another delete won). */
export async function deleteSignatureMark(userId: string, name: SignatureMarkName): Promise<void> {
  const record = await findRecord(userId);
  if (!record?.[name]) throw notFound();
  const removed = await swapMark(userId, name, null);
  if (!removed) throw notFound();
  await removeSignatureFile(removed.fileId);
}

/** The PNG of the person's mark, with its record (for the length). */
export async function openSignatureMarkImage(userId: string, name: SignatureMarkName) {
  const record = await findRecord(userId);
  const mark = record?.[name];
  if (!mark) throw notFound();
  return { mark, stream: openSignatureFile(mark.fileId) };
}
