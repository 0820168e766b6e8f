import { z } from 'zod';

/** The "form" tab: how the public page looks and reads (title and description are the definition's). */
export const pageLanguages = ['form', 'de', 'en', 'browser'] as const;
export const themeFonts = ['system', 'serif', 'rounded', 'mono'] as const;
export const formLayouts = ['classic', 'oneQuestion'] as const;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const appearanceSettingsSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(5000).default(''),
  /**
   * The language of the public page at /form/{id}: the form's own language, German, English, or the
   * respondent's browser (Accept-Language). /en/form/{id} is always English.
   */
  pageLanguage: z.enum(pageLanguages).default('form'),
  theme: z
    .strictObject({
      accentColor: hexColor.default('#4f46e5'),
      backgroundColor: hexColor.default('#f4f5f9'),
      textColor: hexColor.default('#1f2330'),
      font: z.enum(themeFonts).default('system'),
      /** An https URL of an image shown above the form. */
      logoUrl: z
        .url({ protocol: /^https$/ })
        .max(1000)
        .nullable()
        .default(null),
    })
    .default({
      accentColor: '#4f46e5',
      backgroundColor: '#f4f5f9',
      textColor: '#1f2330',
      font: 'system',
      logoUrl: null,
    }),
  /** Classic shows a page of fields at a time; oneQuestion one field per screen. */
  layout: z.enum(formLayouts).default('classic'),
});
export type AppearanceSettings = z.infer<typeof appearanceSettingsSchema>;
export type FormTheme = AppearanceSettings['theme'];
