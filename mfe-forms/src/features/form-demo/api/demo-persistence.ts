import { type FormDefinition, type FormResponse, formDefinitionSchema } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import type { FormPersistence } from '../../form-builder/api/form-builder-api';
import { type DemoDraft, readDemoDraft, writeDemoDraft } from '../utils/demo-draft';

/** The draft as the builder loads a form: a draft of no team, never published. */
export function toDemoForm(draft: DemoDraft): FormResponse {
  return {
    id: draft.formId,
    status: 'draft',
    isArchived: false,
    version: draft.version,
    definition: draft.definition,
    createdAt: draft.savedAt,
    updatedAt: draft.savedAt,
    publishedAt: null,
    publishedVersion: null,
  };
}

/**
 * The builder's persistence in the demo: the browser's storage, answering like the api does (the
 * contract's schema, the version check), so the builder's save states, conflict and retry work as
 * they do for a team's form. Nothing leaves the browser.
 */
export const demoPersistence: FormPersistence = {
  find: async (formId) => {
    const read = readDemoDraft();
    if (read.status !== 'found' || read.draft.formId !== formId) throw new ApiError('NOT_FOUND', 404);
    return toDemoForm(read.draft);
  },
  save: async (formId: string, version: number, definition: FormDefinition) => {
    const parsed = formDefinitionSchema.safeParse(definition);
    if (!parsed.success) throw new ApiError('VALIDATION_FAILED', 400);
    const read = readDemoDraft();
    // Another tab of the demo saved since this one loaded: the builder asks which version to keep.
    if (read.status === 'found' && read.draft.formId === formId && read.draft.version !== version)
      throw new ApiError('VERSION_CONFLICT', 409, { currentVersion: read.draft.version });
    const draft: DemoDraft = {
      formId,
      version: version + 1,
      definition: parsed.data,
      savedAt: new Date().toISOString(),
    };
    writeDemoDraft(draft);
    return toDemoForm(draft);
  },
};
