import { ApiError } from '@formwerk/platform';
import { toErrorKey } from '../../../utils/error-key';

/** The message key of a failed absence call: the area's, and the card's own when the delegate is not in the team. */
export function absenceErrorKey(error: unknown): string {
  return error instanceof ApiError && error.code === 'NOT_TEAM_MEMBER'
    ? 'absence.errors.NOT_TEAM_MEMBER'
    : toErrorKey(error);
}
