import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mongoose from 'mongoose';
import { type FileMetadata, type FileStorage, FileTooLargeError, type StoredFile } from './file-storage';

const bucketName = 'files';

type GridFile = { _id: mongoose.Types.ObjectId; length: number; uploadDate: Date; metadata?: FileMetadata };

function connectedDatabase() {
  const database = mongoose.connection.db;
  if (!database) throw new Error('The database is not connected');
  return database;
}

function bucket() {
  return new mongoose.mongo.GridFSBucket(connectedDatabase(), { bucketName });
}

function filesCollection() {
  return connectedDatabase().collection<GridFile>(`${bucketName}.files`);
}

// Files are found by equality on their form or submission, which FerretDB answers from an index only
// (the driver makes GridFS's own indexes, not these). Made once per database and process, before the
// first upload, one index per command: FerretDB 1.24 drops the connection (a panic in its handler) when
// one `createIndexes` names several indexes that all exist already, which is every start after the first.
const indexedKeys = ['metadata.formId', 'metadata.submissionId', 'metadata.isCounted'];
const indexesMade = new WeakMap<mongoose.mongo.Db, Promise<unknown>>();
function makeIndexes(): Promise<unknown> {
  const database = connectedDatabase();
  let made = indexesMade.get(database);
  if (!made) {
    made = Promise.all(indexedKeys.map((key) => filesCollection().createIndex({ [key]: 1 })));
    made.catch(() => indexesMade.delete(database));
    indexesMade.set(database, made);
  }
  return made;
}

// Removals run a few at a time: each is its own equality on the file's id (its entry and its chunks).
const removalsAtOnce = 8;
const scanBatchSize = 500;

const filesWhere = async (filter: mongoose.mongo.Filter<GridFile>, limit = 0) => {
  await makeIndexes();
  return filesCollection().find(filter, { limit }).toArray();
};

const isNotFound = (error: unknown) =>
  error instanceof mongoose.mongo.MongoRuntimeError && /File not found/.test(error.message);

/** Removes a file; false when another delete removed it first (gone is what was asked for). */
async function removeOne(id: mongoose.Types.ObjectId): Promise<boolean> {
  try {
    await bucket().delete(id);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/** Removes the files found, a few at a time; answers those this call removed. */
async function removeAll(files: GridFile[]): Promise<StoredFile[]> {
  const removed: StoredFile[] = [];
  for (let start = 0; start < files.length; start += removalsAtOnce) {
    const group = files.slice(start, start + removalsAtOnce);
    const results = await Promise.all(group.map((file) => removeOne(file._id)));
    removed.push(...group.filter((_file, index) => results[index]).map(toStoredFile));
  }
  return removed;
}

const toStoredFile = (file: GridFile): StoredFile => ({
  id: file._id.toString(),
  size: file.length,
  uploadedAt: file.uploadDate,
  metadata: file.metadata as FileMetadata,
});

const objectIdOf = (fileId: string) =>
  mongoose.isValidObjectId(fileId) ? new mongoose.Types.ObjectId(fileId) : new mongoose.Types.ObjectId(0);

/** Counts the bytes going through and stops the stream as soon as they pass the limit. */
function limitTo(maxBytes: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) done(new FileTooLargeError(`More than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
}

export const gridFsStorage: FileStorage = {
  async put(input, metadata, maxBytes) {
    await makeIndexes();
    const upload = bucket().openUploadStream(metadata.name, { metadata });
    try {
      await pipeline(input, limitTo(maxBytes), upload);
    } catch (error) {
      // Chunks written before the limit was passed go with the aborted upload.
      await upload.abort().catch(() => undefined);
      throw error;
    }
    const stored = await this.find(upload.id.toString());
    if (!stored) throw new Error('The stored file is missing');
    return stored;
  },

  async find(fileId) {
    const [file] = await bucket()
      .find({ _id: objectIdOf(fileId) })
      .limit(1)
      .toArray();
    return file ? toStoredFile(file as GridFile) : null;
  },

  open: (fileId) => bucket().openDownloadStream(objectIdOf(fileId)),

  remove: (fileId) => removeOne(objectIdOf(fileId)),

  async claim(fileIds, formId, fieldId, submissionId) {
    const files = filesCollection();
    // One update per file by its id, in parallel: an equality FerretDB answers by index, where `$in`
    // would have it read every file of the form (a submission carries at most ten files per field).
    const results = await Promise.all(
      fileIds.map((fileId) =>
        files.updateOne(
          {
            _id: objectIdOf(fileId),
            'metadata.formId': formId,
            'metadata.fieldId': fieldId,
            'metadata.submissionId': null,
          },
          { $set: { 'metadata.submissionId': submissionId } },
        ),
      ),
    );
    return results.reduce((sum, result) => sum + result.modifiedCount, 0);
  },

  async listOfForm(formId, kind) {
    const files = await bucket()
      .find({ 'metadata.formId': formId, 'metadata.kind': kind })
      .sort({ uploadDate: 1 })
      .toArray();
    return files.map((file) => toStoredFile(file as GridFile));
  },

  async *scanOfForm(formId) {
    // By the indexed equality on the form, in batches; closed however the caller's loop ends, since
    // FerretDB holds a connection for every cursor left open with more to give (platform/db.ts).
    const cursor = bucket().find({ 'metadata.formId': formId }, { batchSize: scanBatchSize });
    try {
      for await (const file of cursor) yield toStoredFile(file as GridFile);
    } finally {
      await cursor.close();
    }
  },

  removeOfForm: async (formId) => removeAll(await filesWhere({ 'metadata.formId': formId })),

  removeOfSubmission: async (formId, submissionId) =>
    removeAll(await filesWhere({ 'metadata.submissionId': submissionId, 'metadata.formId': formId })),

  removePending: async (before) =>
    removeAll(
      await filesWhere({ 'metadata.kind': 'answer', 'metadata.submissionId': null, uploadDate: { $lt: before } }),
    ),

  // `null` matches a file stored without the field: before counting was settled at upload.
  findUnsettled: async (limit) => (await filesWhere({ 'metadata.isCounted': null }, limit)).map(toStoredFile),

  async settleCounting(fileId, isCounted) {
    const settled = await filesCollection().updateOne(
      { _id: objectIdOf(fileId), 'metadata.isCounted': null },
      { $set: { 'metadata.isCounted': isCounted } },
    );
    return settled.modifiedCount === 1;
  },
};
