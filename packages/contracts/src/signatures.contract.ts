import { z } from 'zod';

/** A person's two saved marks, reused in one click when signing (/v1/signature-template). */
export const signatureMarkNames = ['signature', 'initials'] as const;
export type SignatureMarkName = (typeof signatureMarkNames)[number];

/** How a mark was made: drawn on the pad, typed in a handwriting font, or an uploaded image. */
export const signatureMarkKinds = ['drawn', 'typed', 'uploaded'] as const;
export type SignatureMarkKind = (typeof signatureMarkKinds)[number];

/** The handwriting fonts a typed mark is set in; the area bundles them (no font service is asked). */
export const signatureFonts = ['dancing-script', 'caveat', 'great-vibes'] as const;
export type SignatureFont = (typeof signatureFonts)[number];

/** The largest image a mark may be (a PNG, made in the browser from any of the three ways). */
export const signatureMarkMaxBytes = 1024 * 1024;
export const signatureMarkMaxWidth = 2000;
export const signatureMarkMaxHeight = 1000;
export const signatureTypedTextMaxLength = 80;

/** One saved mark; its PNG is at GET /signature-marks/{name}/image. */
export const signatureMarkSchema = z.object({
  kind: z.enum(signatureMarkKinds),
  updatedAt: z.iso.datetime(),
  /** The image's size in pixels, for placing it at its proportions. */
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  /** Only for a typed mark: what was typed and in which font. */
  typedText: z.string().optional(),
  font: z.enum(signatureFonts).optional(),
});
export type SignatureMark = z.infer<typeof signatureMarkSchema>;

/** GET /signature-marks: the signed-in person's marks, in every team alike; null where none is saved. */
export const signatureMarksSchema = z.object({
  signature: signatureMarkSchema.nullable(),
  initials: signatureMarkSchema.nullable(),
});
export type SignatureMarks = z.infer<typeof signatureMarksSchema>;

export const signatureMarkParamsSchema = z.object({ name: z.enum(signatureMarkNames) });

/**
 * PUT /signature-marks/{name}?kind=&typedText=&font=: the PNG's bytes as the body (Content-Type
 * image/png). A typed mark names its text and font; the others name neither.
 */
export const saveSignatureMarkQuerySchema = z
  .strictObject({
    kind: z.enum(signatureMarkKinds),
    typedText: z.string().trim().min(1).max(signatureTypedTextMaxLength).optional(),
    font: z.enum(signatureFonts).optional(),
  })
  .superRefine((query, context) => {
    const isTyped = query.kind === 'typed';
    for (const key of ['typedText', 'font'] as const) {
      if (isTyped && query[key] === undefined)
        context.addIssue({ code: 'custom', path: [key], message: 'A typed mark names its text and font' });
      if (!isTyped && query[key] !== undefined)
        context.addIssue({ code: 'custom', path: [key], message: 'Only a typed mark has a text and font' });
    }
  });
export type SaveSignatureMarkQuery = z.input<typeof saveSignatureMarkQuerySchema>;
