import { findFormCounter } from './form-counters';
import { findPublishedForm, type PublishedForm } from './forms.service';

/**
 * A published form as read for a submission, with the revision of its counters it was read at. The
 * update that takes a submission's place applies only at that revision (form-counters.ts), so answers
 * checked against a copy the form has moved on from are never stored: the caller reads it again.
 */
export type FormAtRevision = { form: PublishedForm; revision: number };

// Reading a form with its definitions and settings is the dearest read of a submission on FerretDB
// (bench/database.mjs), and a form taking answers gets them in bursts. So each api process keeps the
// forms it recently read; the revision check makes that exact. A process that died between changing a
// form and raising its revision leaves the revision behind: the age bound limits how long that lasts.
const keptForms = 1000;
const keptMs = 60_000;
const kept = new Map<string, FormAtRevision & { readAt: number }>();

/**
 * The published form with its revision, from this process's copy when it has one; FORM_UNAVAILABLE
 * (404) as findPublishedForm. Null revision: the form has no counters yet (submissions from before
 * them, to be numbered first).
 */
export async function readFormForSubmission(
  formId: string,
  now = Date.now(),
): Promise<FormAtRevision | { form: PublishedForm; revision: null }> {
  const copy = kept.get(formId);
  if (copy && now - copy.readAt < keptMs) return copy;
  kept.delete(formId);
  // A link shared a moment ago brings many respondents at once: they wait for one read, not one each.
  const running = reads.get(formId);
  if (running) return running;
  const read = readForm(formId, now).finally(() => reads.delete(formId));
  reads.set(formId, read);
  return read;
}

/** The reads of forms running in this process, by form id. */
const reads = new Map<string, Promise<FormAtRevision | { form: PublishedForm; revision: null }>>();

async function readForm(formId: string, now: number) {
  // The counter first: a change of the form lands before its revision is raised, so a form read after
  // the revision is never older than it.
  const counter = await findFormCounter(formId);
  const form = await findPublishedForm(formId);
  if (!counter) return { form, revision: null };
  if (kept.size >= keptForms) {
    // The oldest read goes first (a Map keeps the order of insertion).
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  const read = { form, revision: counter.revision, readAt: now };
  kept.set(formId, read);
  return read;
}

/** Forgets this process's copy of a form, e.g. once its revision was found to have moved on. */
export function forgetFormForSubmission(formId: string): void {
  kept.delete(formId);
}
