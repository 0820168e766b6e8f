import { model, Schema } from '../../../platform/db';

// How many templates hold one stored PDF, `_id` being the file's id: a duplicate shares its original's
// file, and the file goes (and its bytes leave the team's storage) with the last template holding it.
const templateFileSchema = new Schema(
  {
    _id: { type: String, required: true },
    teamId: { type: Number, required: true },
    size: { type: Number, required: true },
    holders: { type: Number, required: true },
  },
  { versionKey: false },
);

export type TemplateFile = { _id: string; teamId: number; size: number; holders: number };
export const TemplateFileModel = model('DocumentTemplateFile', templateFileSchema, 'document_template_files');
