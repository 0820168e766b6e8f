import type { Writable } from 'node:stream';
import { type FileAnswer, type FormField, takesAnswer } from '@formwerk/contracts';
import { Zip, ZipDeflate } from 'fflate';
import { AppError } from '../../platform/errors';
import { openTeamFile } from '../files/files.service';
import { readFormSetting } from '../form-settings/form-settings.service';
import { type Form, findFormOfTeam } from '../forms/forms.service';
import { findSubmissionWorkflow } from '../workflows/approvals.service';
import type { Submission } from './submission.model';
import { type PdfApproval, renderSubmissionPdf } from './submission-pdf';
import {
  findSubmissionIdsForPdfs,
  findSubmissionOfForm,
  type PdfSelection,
  readSubmissionOfForm,
} from './submissions.service';

/** Who asks: the team's member, who sees the submission's approval as its page shows it. */
type Viewer = { userId: string; teamId: number };

/** A name part for a file: letters, digits, spaces, `_` and `-` only. */
const fileNamePart = (text: string) => text.replace(/[^\p{L}\p{N} _-]/gu, '').trim();

/** "Order HR-2026-00042.pdf": the form and the reference number, or the submission's number in the form. */
function pdfFileName(form: Form, submission: Submission): string {
  const title = fileNamePart(form.definition.title) || 'submission';
  const which = fileNamePart(submission.reference ?? '') || String(submission.seq ?? submission._id.toString());
  return `${title} ${which}.pdf`;
}

/** Resolves once the client read what was written, or went away. */
function waitForDrain(output: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
}

/** A drawn signature's PNG as stored; one gone or not a PNG is left to be listed by name. */
async function readSignature(viewer: Viewer, fileId: string): Promise<Uint8Array | null> {
  try {
    const { file, stream } = await openTeamFile(viewer, fileId);
    if (file.metadata.type !== 'image/png') {
      stream.destroy();
      return null;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

async function readSignatures(viewer: Viewer, fields: FormField[], submission: Submission) {
  const fileIds = fields
    .filter((field) => field.type === 'signature')
    .flatMap((field) => ((submission.answers[field.id] as FileAnswer[] | undefined) ?? []).map((file) => file.fileId));
  const read = await Promise.all(fileIds.map(async (fileId) => [fileId, await readSignature(viewer, fileId)] as const));
  return new Map(read.filter((entry): entry is readonly [string, Uint8Array] => entry[1] !== null));
}

/** The submission's approval as its workflow page shows it to the team; null when none ran. */
async function readApproval(viewer: Viewer, submissionId: string): Promise<PdfApproval | null> {
  try {
    return await findSubmissionWorkflow(viewer, submissionId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

async function renderPdfOf(viewer: Viewer, form: Form, submission: Submission): Promise<Uint8Array> {
  const fields = form.definition.pages.flatMap((page) => page.fields).filter(takesAnswer);
  const [signatures, approval] = await Promise.all([
    readSignatures(viewer, fields, submission),
    readApproval(viewer, submission._id.toString()),
  ]);
  return renderSubmissionPdf({
    definition: form.definition,
    submission,
    timeZone: readFormSetting(form, 'scheduling').timeZone,
    signatures,
    approval,
  });
}

/** One submission of the team's form as a PDF (submission-pdf.ts), with the name to download it by. */
export async function createSubmissionPdf(
  viewer: Viewer,
  formId: string,
  submissionId: string,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { form, submission } = await findSubmissionOfForm(viewer, formId, submissionId);
  return { fileName: pdfFileName(form, submission), bytes: await renderPdfOf(viewer, form, submission) };
}

/**
 * A zip of one PDF per submission of the selection, to stream: what it holds is decided (and refused,
 * when too many) before the first byte, so the answer is a zip or an error, never half of one. Then
 * each PDF is rendered, compressed and written on its own, waiting while the client reads: memory
 * holds one submission at a time, never the zip.
 */
export async function prepareSubmissionPdfZip(viewer: Viewer, formId: string, selection: PdfSelection) {
  const [form, ids] = await Promise.all([
    findFormOfTeam(viewer, formId),
    findSubmissionIdsForPdfs(viewer, formId, selection),
  ]);
  return {
    fileName: `${fileNamePart(form.definition.title) || 'submissions'}.zip`,
    async write(output: Writable): Promise<void> {
      const zip = new Zip((error, chunk, isFinal) => {
        if (error) return output.destroy(error);
        output.write(chunk);
        if (isFinal) output.end();
      });
      for (const id of ids) {
        // A submission deleted since the list was made is left out.
        const submission = await readSubmissionOfForm(viewer, formId, id);
        if (!submission) continue;
        const entry = new ZipDeflate(pdfFileName(form, submission), { level: 6 });
        zip.add(entry);
        entry.push(await renderPdfOf(viewer, form, submission), true);
        if (output.writableNeedDrain) await waitForDrain(output);
        // The client went away (or the zip failed): nothing more to write for.
        if (output.destroyed) {
          zip.terminate();
          return;
        }
      }
      zip.end();
    },
  };
}
