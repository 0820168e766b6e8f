import { errorKeys } from '@formwerk/platform';

// The codes the signing page explains in its own words (`signer.errors.<CODE>`); any other reads as unexpected.
export const toErrorKey = errorKeys('signer.errors', [
  'NOT_FOUND',
  'FORBIDDEN',
  'SIGNING_EXPIRED',
  'SIGNING_CLOSED',
  'SIGNING_NOT_YOUR_TURN',
  'SIGNING_ALREADY_DONE',
  'SIGNING_NOT_VERIFIED',
  'SIGNING_CODE_LOCKED',
]);
