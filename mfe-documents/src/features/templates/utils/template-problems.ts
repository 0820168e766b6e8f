import type { TemplateField, TemplateRole } from '@formwerk/contracts';
import { prefillKeyPattern } from './template-geometry';

export type FieldProblem = 'prefillKeyInvalid' | 'prefillKeyTaken';

/** What stops a template from being saved, found before the api is asked (it checks the same again). */
export type TemplateProblems = {
  isNameMissing: boolean;
  /** Roles without a name. */
  unnamedRoleIds: Set<string>;
  fields: Map<string, FieldProblem>;
  count: number;
};

type Draft = { name: string; roles: TemplateRole[]; fields: TemplateField[] };

/**
 * The problems of the template being edited: a name missing, a prefill key unsafe or used twice by one
 * role. Fields placed to send a document (`isNameNeeded` false) have no name: the request's title is
 * asked for when it is sent.
 */
export function findTemplateProblems(
  { name, roles, fields }: Draft,
  { isNameNeeded = true }: { isNameNeeded?: boolean } = {},
): TemplateProblems {
  const unnamedRoleIds = new Set(roles.filter((role) => role.name.trim() === '').map((role) => role.id));
  const problems = new Map<string, FieldProblem>();
  const keysSeen = new Set<string>();
  for (const field of fields) {
    if (field.prefillKey === undefined) continue;
    const key = `${field.roleId}\n${field.prefillKey}`;
    if (!prefillKeyPattern.test(field.prefillKey)) problems.set(field.id, 'prefillKeyInvalid');
    else if (keysSeen.has(key)) problems.set(field.id, 'prefillKeyTaken');
    keysSeen.add(key);
  }
  const isNameMissing = isNameNeeded && name.trim() === '';
  return {
    isNameMissing,
    unnamedRoleIds,
    fields: problems,
    count: (isNameMissing ? 1 : 0) + unnamedRoleIds.size + problems.size,
  };
}

/** Why fields and roles cannot be sent for signature yet: a message key of `templates.send` and its values. */
export type SendProblem = { key: string; values?: Record<string, string | number> };

/**
 * What the api would refuse to send (signing-requests.service.ts, checkSource): entries to check first,
 * nobody who signs or approves, or a signer without a field to sign. Null when it can be sent.
 */
export function findSendProblem({ roles, fields }: Draft, problems: TemplateProblems): SendProblem | null {
  if (problems.count > 0) return { key: 'templates.send.problems', values: { count: problems.count } };
  if (!roles.some((role) => role.kind === 'signer' || role.kind === 'approver')) {
    return { key: 'templates.send.noSigner' };
  }
  const rolesWithFields = new Set(fields.map((field) => field.roleId));
  const idle = roles.find((role) => role.kind === 'signer' && !rolesWithFields.has(role.id));
  return idle ? { key: 'templates.send.signerWithoutField', values: { role: idle.name.trim() } } : null;
}
