import { errorKeys } from '@formwerk/platform';

// The codes the approvals pages explain in their own words besides those of every call; any other reads as unexpected.
export const toErrorKey = errorKeys('errors', [
  'NOT_FOUND',
  'FORBIDDEN',
  'VERSION_CONFLICT',
  'WORKFLOW_INVALID',
  'TASK_CLOSED',
  'NOT_ASSIGNED',
  'SELF_APPROVAL',
  'COMMENT_REQUIRED',
  'INPUT_REQUIRED',
  'INSTANCE_CLOSED',
]);
