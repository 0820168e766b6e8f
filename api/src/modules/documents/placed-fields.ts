import {
  type TemplateField,
  type TemplateFieldKind,
  type TemplateRole,
  type TemplateRoleKind,
  templateFieldKinds,
  templateRoleKinds,
} from '@formwerk/contracts';
import { Schema } from '../../platform/db';

// Roles and the fields placed for them on a PDF's pages, as a template keeps them and as a signing
// request copies them: arrays of small subdocuments inside their document (no nested arrays, decision
// 013), read and written whole with it.

export type StoredPlacedRole = { id: string; name: string; kind: TemplateRoleKind; order: number };
export type StoredPlacedField = {
  id: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  kind: TemplateFieldKind;
  roleId: string;
  required: boolean;
  prefillKey?: string | null;
  label?: string | null;
};

export const placedRoleSchema = new Schema<StoredPlacedRole>(
  {
    id: { type: String, required: true },
    name: { type: String, required: true },
    kind: { type: String, enum: templateRoleKinds, required: true },
    order: { type: Number, required: true },
  },
  // `id` is the role's own id (of the template's editor or the sender), not Mongoose's virtual of `_id`.
  { _id: false, id: false },
);

export const placedFieldSchema = new Schema<StoredPlacedField>(
  {
    id: { type: String, required: true },
    page: { type: Number, required: true },
    x: { type: Number, required: true },
    y: { type: Number, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    kind: { type: String, enum: templateFieldKinds, required: true },
    roleId: { type: String, required: true },
    required: { type: Boolean, required: true },
    prefillKey: { type: String, default: null },
    label: { type: String, default: null },
  },
  { _id: false, id: false },
);

export const toRoleDto = ({ id, name, kind, order }: StoredPlacedRole): TemplateRole => ({ id, name, kind, order });

/** A stored field as the contract has it: a key or label that is not there is left out, not null. */
export function toFieldDto(field: StoredPlacedField): TemplateField {
  const { id, page, x, y, width, height, kind, roleId, required, prefillKey, label } = field;
  return {
    id,
    page,
    x,
    y,
    width,
    height,
    kind,
    roleId,
    required,
    ...(prefillKey ? { prefillKey } : {}),
    ...(label ? { label } : {}),
  };
}
