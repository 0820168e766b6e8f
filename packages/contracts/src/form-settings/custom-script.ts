import { z } from 'zod';

/**
 * The "javascript" tab: the owner's script, run on the public page only inside a sandboxed iframe
 * without allow-same-origin; it talks to the form by postMessage (docs/custom-script-api.md).
 */
export const customScriptSettingsSchema = z.strictObject({
  code: z.string().max(50_000).default(''),
});
export type CustomScriptSettings = z.infer<typeof customScriptSettingsSchema>;
