import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type DocumentTemplate,
  type DocumentTemplateListResponse,
  type DocumentTemplateSummary,
  documentMaxMb,
  documentTemplateNameMaxLength,
  documentTemplatePageSize,
  type SaveDocumentTemplateRequest,
  type TemplateConflictDetails,
  type TemplateField,
  type TemplateRole,
  templateFieldPagesSchema,
} from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { blockOf, planPage } from '../../../platform/block-paging';
import { AppError } from '../../../platform/errors';
import { openLibraryFile } from '../../files/files.service';
import { findUserById } from '../../users/users.service';
import { type Actor, cleanName, decodeHeaderName, openDocumentFile } from '../documents.service';
import { checkPdf, readPdfBody } from '../pdf-upload';
import { toFieldDto, toRoleDto } from '../placed-fields';
import { DocumentTemplateModel, type StoredDocumentTemplate } from './document-template.model';
import { findTemplateCounter, recordTemplateRemoval, takeTemplateSeq } from './template-counters';
import { releaseTemplateFile, shareTemplateFile, storeTemplateFile } from './template-files';

const documentMaxBytes = documentMaxMb * 1024 * 1024;

// A new template starts with one signer, named in the language of who makes it; a copy says it is one.
const firstRoleName = { de: 'Unterzeichner/in 1', en: 'Signer 1' } as const;
const copySuffix = { de: ' (Kopie)', en: ' (copy)' } as const;

const notFound = () => new AppError('NOT_FOUND', 404, 'No such template');

const conflict = (currentRevision: number) =>
  new AppError('VERSION_CONFLICT', 409, 'The template was saved elsewhere in the meantime', {
    currentRevision,
  } satisfies TemplateConflictDetails);

/** What a template is made of besides who made it and when. */
type TemplateContent = {
  name: string;
  fileId: string;
  fileName: string;
  size: number;
  pageCount: number;
  sha256: string;
  roles: TemplateRole[];
  fields: TemplateField[];
};

/** A template's name from its PDF's: without ".pdf", within the length a name may have. */
const nameOfFile = (fileName: string) =>
  [...(fileName.replace(/\.pdf$/i, '').trim() || fileName)].slice(0, documentTemplateNameMaxLength).join('');

/** Deleting is for who made the template and the team's owner and admins, as in the library. */
function assertMayDelete(actor: Actor, createdBy: Types.ObjectId): void {
  if (actor.role === 'owner' || actor.role === 'admin' || createdBy.toString() === actor.userId) return;
  throw new AppError('FORBIDDEN', 403, 'Only who made it, or the team’s owner and admins, may delete this');
}

/** Another team's template answers 404, exactly like one that does not exist. */
async function findTemplateOfTeam(teamId: number, templateId: string): Promise<StoredDocumentTemplate> {
  const template = await DocumentTemplateModel.findOne({ _id: templateId, teamId }).lean<StoredDocumentTemplate>();
  if (!template) throw notFound();
  return template;
}

/** The current names of these people, each read by its id (a page names a few at most). */
async function namesOf(userIds: Types.ObjectId[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.map((id) => id.toString()))];
  const users = await Promise.all(ids.map((id) => findUserById(id)));
  return new Map(users.flatMap((user) => (user ? [[user._id.toString(), user.name] as const] : [])));
}

const personOf = (id: Types.ObjectId, storedName: string, names: Map<string, string>) => ({
  id: id.toString(),
  name: names.get(id.toString()) ?? storedName,
});

function toSummaryDto(template: StoredDocumentTemplate, names: Map<string, string>): DocumentTemplateSummary {
  return {
    id: template._id.toString(),
    name: template.name,
    pageCount: template.pageCount,
    roleCount: template.roleCount,
    fieldCount: template.fieldCount,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
    updatedBy: personOf(template.updatedBy, template.updatedByName, names),
  };
}

async function toTemplateDto(template: StoredDocumentTemplate): Promise<DocumentTemplate> {
  const names = await namesOf([template.createdBy, template.updatedBy]);
  return {
    id: template._id.toString(),
    name: template.name,
    fileName: template.fileName,
    size: template.size,
    pageCount: template.pageCount,
    roles: template.roles.map(toRoleDto),
    fields: template.fields.map(toFieldDto),
    revision: template.revision,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
    createdBy: personOf(template.createdBy, template.createdByName, names),
    updatedBy: personOf(template.updatedBy, template.updatedByName, names),
  };
}

const newestFirst = (left: StoredDocumentTemplate, right: StoredDocumentTemplate) => right.seq - left.seq;
// The list shows counts, kept beside the arrays: it never reads the arrays themselves.
const listed = { roles: 0, fields: 0 } as const;

/**
 * GET /document-templates: a page of the team's templates, newest first, planned from the team's
 * counter and read by equality on the one or two blocks that hold it, so page 200 costs what page 1 does.
 */
export async function listDocumentTemplates(teamId: number, page: number): Promise<DocumentTemplateListResponse> {
  const counter = await findTemplateCounter(teamId);
  const skip = (page - 1) * documentTemplatePageSize;
  const { blocks, offset } = planPage(counter, { skip, take: documentTemplatePageSize, order: 'desc' });
  const read = await Promise.all(
    blocks.map((block) => DocumentTemplateModel.find({ teamId, block }, listed).lean<StoredDocumentTemplate[]>()),
  );
  const templates = read
    // Numbered after the counter was read: on the next look, with the total that counts them.
    .flatMap((inBlock) => inBlock.filter((template) => template.seq <= counter.seq).sort(newestFirst))
    .slice(offset, offset + documentTemplatePageSize);
  const names = await namesOf(templates.map((template) => template.updatedBy));
  const total = Math.max(0, counter.count);
  return {
    templates: templates.map((template) => toSummaryDto(template, names)),
    page,
    pageCount: Math.ceil(total / documentTemplatePageSize),
    total,
  };
}

/**
 * Numbers and stores a template whose file is already held for it; when that fails, the hold and the
 * number are given back, so neither the file nor the count outlives the template that never was.
 */
async function insertTemplate(actor: Actor, content: TemplateContent): Promise<DocumentTemplate> {
  let seq: number | undefined;
  try {
    seq = await takeTemplateSeq(actor.teamId);
    const maker = await findUserById(actor.userId);
    const now = new Date();
    const created = await DocumentTemplateModel.create({
      ...content,
      teamId: actor.teamId,
      roleCount: content.roles.length,
      fieldCount: content.fields.length,
      revision: 0,
      createdBy: actor.userId,
      createdByName: maker?.name ?? '',
      createdAt: now,
      updatedBy: actor.userId,
      updatedByName: maker?.name ?? '',
      updatedAt: now,
      seq,
      block: blockOf(seq),
    });
    return await toTemplateDto(created.toObject() as StoredDocumentTemplate);
  } catch (error) {
    await releaseTemplateFile(content.fileId);
    if (seq !== undefined) await recordTemplateRemoval(actor.teamId, blockOf(seq));
    throw error;
  }
}

/** The first role of a new template: one signer, in the maker's language. */
async function firstRolesFor(actor: Actor): Promise<TemplateRole[]> {
  const locale = (await findUserById(actor.userId))?.locale ?? 'de';
  return [{ id: randomUUID(), name: firstRoleName[locale], kind: 'signer', order: 1 }];
}

/**
 * POST /document-templates {documentId}: a template of a PDF of the team's library, with a copy of its
 * bytes (template-files.ts says why), counted against the team's storage. The library checked the PDF
 * when it was uploaded; its page count and hash come with its record.
 */
export async function createTemplateFromDocument(
  actor: Actor,
  { documentId, name }: { documentId: string; name?: string | undefined },
): Promise<DocumentTemplate> {
  const { document, stream } = await openDocumentFile(actor.teamId, documentId);
  let bytes: Buffer;
  try {
    bytes = Buffer.concat(await stream.toArray());
  } catch {
    // Deleted from the library between reading its record and its bytes.
    throw new AppError('NOT_FOUND', 404, 'No such document');
  }
  const fileId = await storeTemplateFile(actor.teamId, document.name, bytes);
  return insertTemplate(actor, {
    name: name ?? nameOfFile(document.name),
    fileId,
    fileName: document.name,
    size: bytes.length,
    pageCount: document.pageCount,
    sha256: document.sha256,
    roles: await firstRolesFor(actor),
    fields: [],
  });
}

/**
 * POST /document-templates?name= with a PDF as the body: checked exactly as the library's uploads
 * (pdf-upload.ts) before anything is stored, then kept as the template's own file.
 */
export async function createTemplateFromUpload(
  actor: Actor,
  { name }: { name?: string | undefined },
  input: Readable,
  { rawName, declaredLength }: { rawName: string | undefined; declaredLength: number | undefined },
): Promise<DocumentTemplate> {
  const pdf = await checkPdf(await readPdfBody(input, documentMaxBytes, declaredLength));
  const fileName = cleanName(decodeHeaderName(rawName));
  const fileId = await storeTemplateFile(actor.teamId, fileName, pdf.bytes);
  return insertTemplate(actor, {
    name: name ?? nameOfFile(fileName),
    fileId,
    fileName,
    size: pdf.bytes.length,
    pageCount: pdf.pageCount,
    sha256: pdf.sha256,
    roles: await firstRolesFor(actor),
    fields: [],
  });
}

export async function findDocumentTemplate(teamId: number, templateId: string): Promise<DocumentTemplate> {
  return toTemplateDto(await findTemplateOfTeam(teamId, templateId));
}

/**
 * PUT /document-templates/{id}: the name, roles and fields, checked against the PDF's pages, saved only
 * over the revision the editor started from: one update matching it, so of two saves one wins and the
 * other gets VERSION_CONFLICT with the revision now stored.
 */
export async function saveDocumentTemplate(
  actor: Actor,
  templateId: string,
  { revision, name, roles, fields }: SaveDocumentTemplateRequest,
): Promise<DocumentTemplate> {
  const current = await findTemplateOfTeam(actor.teamId, templateId);
  templateFieldPagesSchema(current.pageCount).parse({ fields });
  const editor = await findUserById(actor.userId);
  const saved = await DocumentTemplateModel.findOneAndUpdate(
    { _id: current._id, teamId: actor.teamId, revision },
    {
      $set: {
        name,
        roles,
        fields,
        roleCount: roles.length,
        fieldCount: fields.length,
        updatedBy: actor.userId,
        updatedByName: editor?.name ?? '',
        updatedAt: new Date(),
      },
      $inc: { revision: 1 },
    },
    { new: true },
  ).lean<StoredDocumentTemplate>();
  if (saved) return toTemplateDto(saved);
  const now = await DocumentTemplateModel.findOne({ _id: current._id, teamId: actor.teamId }, { revision: 1 }).lean<
    Pick<StoredDocumentTemplate, 'revision'>
  >();
  throw now ? conflict(now.revision) : notFound();
}

/** POST /document-templates/{id}/duplicate: the same PDF (shared, not copied), roles and fields, as a new template. */
export async function duplicateDocumentTemplate(actor: Actor, templateId: string): Promise<DocumentTemplate> {
  const original = await findTemplateOfTeam(actor.teamId, templateId);
  // Its last holder deleted meanwhile: the original is gone, as a delete a moment earlier would have it.
  if (!(await shareTemplateFile(original.fileId))) throw notFound();
  const locale = (await findUserById(actor.userId))?.locale ?? 'de';
  const suffix = copySuffix[locale];
  return insertTemplate(actor, {
    name: `${[...original.name].slice(0, documentTemplateNameMaxLength - suffix.length).join('')}${suffix}`,
    fileId: original.fileId,
    fileName: original.fileName,
    size: original.size,
    pageCount: original.pageCount,
    sha256: original.sha256,
    roles: original.roles.map(toRoleDto),
    fields: original.fields.map(toFieldDto),
  });
}

/**
 * DELETE /document-templates/{id}: the record first, so that only the request that removed it gives
 * back its number and its hold on the file; two deletes at once release once and the other answers 404.
 */
export async function deleteDocumentTemplate(actor: Actor, templateId: string): Promise<void> {
  const template = await findTemplateOfTeam(actor.teamId, templateId);
  assertMayDelete(actor, template.createdBy);
  const removed = await DocumentTemplateModel.findOneAndDelete({
    _id: template._id,
    teamId: actor.teamId,
  }).lean<StoredDocumentTemplate>();
  if (!removed) throw notFound();
  await Promise.all([recordTemplateRemoval(actor.teamId, removed.block), releaseTemplateFile(removed.fileId)]);
}

/** GET /document-templates/{id}/file: the record (file name, size) and a stream of the PDF's bytes. */
export async function openDocumentTemplateFile(teamId: number, templateId: string) {
  const template = await findTemplateOfTeam(teamId, templateId);
  return { template, stream: openLibraryFile(template.fileId) };
}
