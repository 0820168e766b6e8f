import { personalDataErasedDetailsSchema } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';

/** When the link's data was erased on its respondent's request (a 410 says when); null for any other error. */
export function erasedAtOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 410) return null;
  const details = personalDataErasedDetailsSchema.safeParse(error.details);
  return details.success ? details.data.erasedAt : null;
}
