import { isSignatureOf, signatureOf } from '../../platform/server-secret';

// When the public page of a form was served, signed by the api: the page sends it back with the
// answers, and the minimum fill time is counted from it, not from a time the client states.

const purpose = 'start token';
const signedValueOf = (formId: string, servedAt: number) => `${formId}:${servedAt}`;

export function issueStartToken(formId: string, servedAt: number): string {
  return `${servedAt}.${signatureOf(purpose, signedValueOf(formId, servedAt))}`;
}

/** When the page of `formId` that sent `token` was served; null for a token the api did not sign for it. */
export function servedAtOf(formId: string, token: string): number | null {
  const [time = '', signature = ''] = token.split('.');
  if (!/^\d{1,15}$/.test(time)) return null;
  const servedAt = Number(time);
  return isSignatureOf(purpose, signedValueOf(formId, servedAt), signature) ? servedAt : null;
}
