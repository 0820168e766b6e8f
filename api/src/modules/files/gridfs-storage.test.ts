import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import type { FileMetadata } from './file-storage';

// The api makes the files' indexes once per process: every start after the first finds them made. On
// the embedded FerretDB, asking again for several existing indexes in one command dropped the
// connection, so no file could be stored after a restart of `npm start`.

useTestDatabase();

const metadata: FileMetadata = {
  kind: 'library',
  teamId: 1,
  formId: '',
  fieldId: '',
  name: 'Vertrag.pdf',
  type: 'application/pdf',
  submissionId: null,
};

describe('GridFS storage', () => {
  it('stores files in a process that finds its indexes made by an earlier one, as after a restart', async () => {
    const first = await import('./gridfs-storage');
    expect((await first.gridFsStorage.put(Readable.from([Buffer.from('erste')]), metadata, 100)).size).toBe(5);

    // A fresh copy of the module knows nothing of the indexes made: it asks for them again.
    vi.resetModules();
    const restarted = await import('./gridfs-storage');
    const stored = await restarted.gridFsStorage.put(Readable.from([Buffer.from('zweite')]), metadata, 100);
    expect(stored.size).toBe(6);
  });
});
