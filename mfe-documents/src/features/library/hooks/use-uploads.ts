import { useLocale } from '@formwerk/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadOutcome, uploadDocument } from '../api/library-api';
import { documentMaxBytes } from '../utils/file-size';
import { describeUploadProblem } from '../utils/upload-problem';

export type UploadItem = {
  key: string;
  name: string;
  size: number;
  status: 'waiting' | 'uploading' | 'failed';
  /** How much is sent, 0 to 1. */
  share: number;
  problem?: string;
};

type QueuedFile = { key: string; file: File; folderId: string };

let nextKey = 0;

const isPdfByName = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** Sends a file once more when the session's CSRF token was missing (as apiRequest does for other calls). */
async function send(queued: QueuedFile, onStart: (cancel: () => void) => void, onProgress: (share: number) => void) {
  let upload = uploadDocument(queued.file, queued.folderId, onProgress);
  onStart(upload.cancel);
  let outcome: UploadOutcome = await upload.outcome;
  if ('errorCode' in outcome && outcome.errorCode === 'CSRF_TOKEN_INVALID') {
    await fetch('/api/v1/auth/session', { credentials: 'same-origin' }).catch(() => undefined);
    upload = uploadDocument(queued.file, queued.folderId, onProgress);
    onStart(upload.cancel);
    outcome = await upload.outcome;
  }
  return outcome;
}

/**
 * The files being uploaded, one after the other so that each gets the whole line: each shows its own
 * progress, can be cancelled while waiting or sending, and when refused keeps its reason until
 * dismissed. A file that is plainly no PDF or too large is refused before anything is sent.
 * `announce` tells the page's status region what finished; `onUploaded` runs after each stored file.
 */
export function useUploads(onUploaded: () => void, announce: (message: string) => void) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const [items, setItems] = useState<UploadItem[]>([]);
  const announceRef = useRef(announce);
  announceRef.current = announce;
  const queue = useRef<QueuedFile[]>([]);
  const active = useRef<{ key: string; cancel: () => void } | null>(null);
  const isRunning = useRef(false);
  const whenUploaded = useRef(onUploaded);
  whenUploaded.current = onUploaded;

  const update = useCallback(
    (key: string, change: Partial<UploadItem>) =>
      setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [],
  );
  const remove = useCallback((key: string) => setItems((current) => current.filter((item) => item.key !== key)), []);

  const runQueue = useCallback(async () => {
    if (isRunning.current) return;
    isRunning.current = true;
    for (let queued = queue.current.shift(); queued; queued = queue.current.shift()) {
      const { key, file } = queued;
      update(key, { status: 'uploading', share: 0 });
      const outcome = await send(
        queued,
        (cancel) => {
          active.current = { key, cancel };
        },
        (share) => update(key, { share }),
      );
      active.current = null;
      if ('document' in outcome) {
        remove(key);
        announceRef.current(t('library.upload.done', { name: outcome.document.name }));
        whenUploaded.current();
      } else if ('isCancelled' in outcome) {
        remove(key);
        announceRef.current(t('library.upload.cancelled', { name: file.name }));
      } else {
        const problem = describeUploadProblem(t, locale, {
          name: file.name,
          size: file.size,
          code: outcome.errorCode,
          details: outcome.details,
        });
        update(key, { status: 'failed', problem });
      }
    }
    isRunning.current = false;
  }, [locale, remove, t, update]);

  const add = useCallback(
    (files: File[], folderId: string) => {
      const added: UploadItem[] = [];
      for (const file of files) {
        const key = `upload-${++nextKey}`;
        const item: UploadItem = { key, name: file.name, size: file.size, status: 'waiting', share: 0 };
        const code = !isPdfByName(file)
          ? 'FILE_TYPE_NOT_ALLOWED'
          : file.size > documentMaxBytes
            ? 'FILE_TOO_LARGE'
            : file.size === 0
              ? 'PDF_INVALID'
              : null;
        if (code) {
          item.status = 'failed';
          item.problem = describeUploadProblem(t, locale, { name: file.name, size: file.size, code });
        } else {
          queue.current.push({ key, file, folderId });
        }
        added.push(item);
      }
      announceRef.current('');
      setItems((current) => [...current, ...added]);
      void runQueue();
    },
    [locale, runQueue, t],
  );

  const cancel = useCallback(
    (key: string) => {
      if (active.current?.key === key) {
        active.current.cancel();
        return;
      }
      const waiting = queue.current.find((queued) => queued.key === key);
      queue.current = queue.current.filter((queued) => queued.key !== key);
      remove(key);
      if (waiting) announceRef.current(t('library.upload.cancelled', { name: waiting.file.name }));
    },
    [remove, t],
  );

  const isSending = items.some((item) => item.status !== 'failed');

  // Leaving the page would drop what is still being sent: the browser asks first.
  useEffect(() => {
    if (!isSending) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isSending]);

  // A navigation inside the site ends the page: what is waiting is dropped, what is sending is stopped.
  useEffect(
    () => () => {
      queue.current = [];
      active.current?.cancel();
    },
    [],
  );

  return { items, add, cancel, dismiss: remove };
}
