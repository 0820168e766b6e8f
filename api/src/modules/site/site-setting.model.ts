import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';

/**
 * What the api set up for the public site itself, one document per thing by its `key`: the key is
 * unique, so of two api instances starting at once only one creates it.
 */
const siteSettingSchema = new Schema(
  {
    key: { type: String, required: true, unique: true },
    // The team that owns the site's own forms; null while the start that claimed the key creates it.
    teamId: { type: Number, default: null },
  },
  { timestamps: true },
);

export type SiteSetting = InferSchemaType<typeof siteSettingSchema>;
export const SiteSettingModel = model('SiteSetting', siteSettingSchema);
