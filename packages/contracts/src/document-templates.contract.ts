import { z } from 'zod';
import { objectIdSchema } from './teams.contract';

// Signature templates (/v1/documents/templates): a PDF of the team with fields placed on its pages, each
// for one role. A later slice sends a template for signature: each role then gets a person, the roles
// act stage by stage (`order`), and each fills the fields that are theirs.

/** Templates on one page of the list. */
export const documentTemplatePageSize = 50;
export const documentTemplateNameMaxLength = 200;
export const templateRoleNameMaxLength = 60;
export const templateFieldLabelMaxLength = 100;
/** A template's roles and fields at most: more than any signing flow needs, little enough to edit. */
export const templateRolesMax = 20;
export const templateFieldsMax = 500;
/** The smallest width and height of a field, as a share of its page's (1 % of an A4 page is about 6 pt). */
export const templateFieldMinSize = 0.01;
/**
 * How far a field may seem to pass its page's edge: shares written as decimals add up with rounding
 * (0.7 + 0.3 is 1.0000000000000002 in floating point), not a real overhang.
 */
export const templateEdgeTolerance = 1e-9;

export const templateFieldKinds = ['signature', 'initials', 'name', 'email', 'date', 'text', 'checkbox'] as const;
export type TemplateFieldKind = (typeof templateFieldKinds)[number];

/**
 * `signer` and `approver` act on the document and so have fields; a `viewer` must look at it before the
 * next stage starts, and `cc` gets the signed copy: neither fills anything.
 */
export const templateRoleKinds = ['signer', 'approver', 'viewer', 'cc'] as const;
export type TemplateRoleKind = (typeof templateRoleKinds)[number];
export const templateRoleKindsWithFields: readonly TemplateRoleKind[] = ['signer', 'approver'];

/**
 * The key a field is filled from before it is sent (a form's answer of that name): a plain identifier,
 * safe in a URL, a file of data or a formula, whatever later uses it.
 */
export const templatePrefillKeyPattern = /^[a-z][a-z0-9_]{0,63}$/;

/** Ids of roles and fields, made by the editor: short, and safe in an address or a selector. */
const elementIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const shareSchema = z.number().min(0).max(1);

export const templateRoleSchema = z.strictObject({
  id: elementIdSchema,
  name: z.string().trim().min(1).max(templateRoleNameMaxLength),
  kind: z.enum(templateRoleKinds),
  /** The stage the role acts in, from 1; roles of the same stage act side by side. */
  order: z.number().int().min(1).max(templateRolesMax),
});
export type TemplateRole = z.infer<typeof templateRoleSchema>;

/**
 * A field on a page: `page` counts from 0; `x`, `y`, `width` and `height` are shares of the page's width
 * and height from its top-left corner, so a field stays where it was put on any page size and zoom.
 */
export const templateFieldSchema = z.strictObject({
  id: elementIdSchema,
  page: z.number().int().min(0).max(99_999),
  x: shareSchema,
  y: shareSchema,
  width: shareSchema.min(templateFieldMinSize),
  height: shareSchema.min(templateFieldMinSize),
  kind: z.enum(templateFieldKinds),
  roleId: elementIdSchema,
  required: z.boolean(),
  prefillKey: z.string().regex(templatePrefillKeyPattern).optional(),
  label: z.string().trim().min(1).max(templateFieldLabelMaxLength).optional(),
});
export type TemplateField = z.infer<typeof templateFieldSchema>;

type TemplateContent = { roles: TemplateRole[]; fields: TemplateField[] };

/** What no single role or field can say alone: unique ids, known roles, fields inside their page, keys unique per role. */
function checkTemplateContent({ roles, fields }: TemplateContent, context: z.RefinementCtx): void {
  const rolesById = new Map<string, TemplateRole>();
  roles.forEach((role, index) => {
    if (rolesById.has(role.id)) {
      context.addIssue({ code: 'custom', path: ['roles', index, 'id'], message: 'Another role has this id' });
    }
    rolesById.set(role.id, role);
  });
  const fieldIds = new Set<string>();
  const prefillKeys = new Set<string>();
  fields.forEach((field, index) => {
    const at = (key: keyof TemplateField) => ['fields', index, key];
    if (fieldIds.has(field.id))
      context.addIssue({ code: 'custom', path: at('id'), message: 'Another field has this id' });
    fieldIds.add(field.id);
    const role = rolesById.get(field.roleId);
    if (!role) context.addIssue({ code: 'custom', path: at('roleId'), message: 'No role has this id' });
    else if (!templateRoleKindsWithFields.includes(role.kind)) {
      context.addIssue({ code: 'custom', path: at('roleId'), message: 'This role fills no fields' });
    }
    if (field.x + field.width > 1 + templateEdgeTolerance) {
      context.addIssue({ code: 'custom', path: at('width'), message: 'The field passes the right edge of its page' });
    }
    if (field.y + field.height > 1 + templateEdgeTolerance) {
      context.addIssue({ code: 'custom', path: at('height'), message: 'The field passes the bottom edge of its page' });
    }
    if (field.prefillKey !== undefined) {
      const key = `${field.roleId}\n${field.prefillKey}`;
      if (prefillKeys.has(key)) {
        context.addIssue({
          code: 'custom',
          path: at('prefillKey'),
          message: 'Another field of this role has this key',
        });
      }
      prefillKeys.add(key);
    }
  });
}

/** PUT /document-templates/{id}: the whole content, saved only over the revision it was read at. */
export const saveDocumentTemplateRequestSchema = z
  .strictObject({
    revision: z.number().int().min(0),
    name: z.string().trim().min(1).max(documentTemplateNameMaxLength),
    roles: z.array(templateRoleSchema).min(1).max(templateRolesMax),
    fields: z.array(templateFieldSchema).max(templateFieldsMax),
  })
  .superRefine(checkTemplateContent);
export type SaveDocumentTemplateRequest = z.input<typeof saveDocumentTemplateRequestSchema>;

/**
 * Every field on one of the PDF's pages: the api checks a save against the pages of the template's file,
 * which only it knows, with the paths of the save's own issues (`fields.3.page`).
 */
export const templateFieldPagesSchema = (pageCount: number) =>
  z.object({
    fields: z.array(
      z.looseObject({
        page: z
          .number()
          .int()
          .max(pageCount - 1),
      }),
    ),
  });

/** POST /document-templates with a JSON body: a template of a PDF of the team's library (its bytes copied). */
export const createDocumentTemplateRequestSchema = z.strictObject({
  documentId: objectIdSchema,
  /** The document's name without ".pdf" when not given. */
  name: z.string().trim().min(1).max(documentTemplateNameMaxLength).optional(),
});
export type CreateDocumentTemplateRequest = z.input<typeof createDocumentTemplateRequestSchema>;

/**
 * POST /document-templates?name= with a PDF as the body (its file name in X-File-Name, URI-encoded),
 * checked as the library checks its uploads.
 */
export const uploadDocumentTemplateQuerySchema = z.object({
  name: z.string().trim().min(1).max(documentTemplateNameMaxLength).optional(),
});

const personSchema = z.object({ id: z.string(), name: z.string() });

/** A template as the list shows it (GET /document-templates). */
export const documentTemplateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  pageCount: z.number().int().min(1),
  roleCount: z.number().int().min(0),
  fieldCount: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  updatedBy: personSchema,
});
export type DocumentTemplateSummary = z.infer<typeof documentTemplateSummarySchema>;

/** GET /document-templates?page=: newest first, any page read by equality on the blocks that hold it. */
export const documentTemplateListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const documentTemplateListResponseSchema = z.object({
  templates: z.array(documentTemplateSummarySchema),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type DocumentTemplateListResponse = z.infer<typeof documentTemplateListResponseSchema>;

/** A whole template (GET, POST, PUT, duplicate); `revision` goes with the next save. */
export const documentTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The PDF's name as it was uploaded, for its download. */
  fileName: z.string(),
  size: z.number().int().min(0),
  pageCount: z.number().int().min(1),
  roles: z.array(templateRoleSchema),
  fields: z.array(templateFieldSchema),
  revision: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  createdBy: personSchema,
  updatedBy: personSchema,
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;

/** The `details` of VERSION_CONFLICT for a template saved over a revision that is no longer the latest. */
export const templateConflictDetailsSchema = z.object({ currentRevision: z.number().int() });
export type TemplateConflictDetails = z.infer<typeof templateConflictDetailsSchema>;

export const documentTemplateParamsSchema = z.object({ templateId: objectIdSchema });
