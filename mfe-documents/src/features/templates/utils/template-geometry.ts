import type { TemplateField, TemplateFieldKind } from '@formwerk/contracts';

// The contract's limits (document-templates.contract.ts), written out so that zod stays out of the
// page's chunk; the api checks them again on every save.
/** The kinds of field in the palette's order, as `templateFieldKinds`. */
export const fieldKinds: readonly TemplateFieldKind[] = [
  'signature',
  'initials',
  'name',
  'email',
  'date',
  'text',
  'checkbox',
];
/** As `templateFieldMinSize`: the smallest width and height, a share of the page's. */
export const fieldMinSize = 0.01;
export const rolesMax = 20;
export const fieldsMax = 500;
export const templateNameMaxLength = 200;
export const roleNameMaxLength = 60;
export const fieldLabelMaxLength = 100;
export const prefillKeyPattern = /^[a-z][a-z0-9_]{0,63}$/;
/** The largest PDF a template is made of, in MB, as the library's `documentMaxMb`. */
export const pdfMaxMb = 25;

/** Where a field sits on its page: shares of the page's width and height from its top-left corner. */
export type Box = Pick<TemplateField, 'x' | 'y' | 'width' | 'height'>;

/** An arrow key moves the selected field this share of its page; with Shift, the larger one. */
export const moveStep = 0.005;
export const largeMoveStep = 0.05;

// What a new field of each kind measures, as shares of an A4 page: a signature room for a signature,
// a checkbox square, a line of text one line high.
const newFieldSizes: Record<TemplateFieldKind, { width: number; height: number }> = {
  signature: { width: 0.3, height: 0.06 },
  initials: { width: 0.1, height: 0.05 },
  name: { width: 0.3, height: 0.035 },
  email: { width: 0.3, height: 0.035 },
  date: { width: 0.18, height: 0.035 },
  text: { width: 0.3, height: 0.035 },
  checkbox: { width: 0.03, height: 0.022 },
};

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** The box, as large as allowed and fully on its page: shrunk to the page, then pushed inside it. */
export function clampBox({ x, y, width, height }: Box): Box {
  const fittedWidth = clamp(width, fieldMinSize, 1);
  const fittedHeight = clamp(height, fieldMinSize, 1);
  return {
    x: clamp(x, 0, 1 - fittedWidth),
    y: clamp(y, 0, 1 - fittedHeight),
    width: fittedWidth,
    height: fittedHeight,
  };
}

/** A new field of `kind` centred on a point of the page (shares), moved inside the page where needed. */
export function boxCentredAt(kind: TemplateFieldKind, centreX: number, centreY: number): Box {
  const { width, height } = newFieldSizes[kind];
  return clampBox({ x: centreX - width / 2, y: centreY - height / 2, width, height });
}

export const moveBox = (box: Box, dx: number, dy: number): Box => clampBox({ ...box, x: box.x + dx, y: box.y + dy });

/** A new size from the same top-left corner, never past the page's right or bottom edge. */
export const resizeBox = (box: Box, width: number, height: number): Box =>
  clampBox({ ...box, width: Math.min(width, 1 - box.x), height: Math.min(height, 1 - box.y) });
