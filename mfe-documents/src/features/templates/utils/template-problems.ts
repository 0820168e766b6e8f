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

/** The problems of the template being edited: a name missing, a prefill key unsafe or used twice by one role. */
export function findTemplateProblems({
  name,
  roles,
  fields,
}: {
  name: string;
  roles: TemplateRole[];
  fields: TemplateField[];
}): TemplateProblems {
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
  const isNameMissing = name.trim() === '';
  return {
    isNameMissing,
    unnamedRoleIds,
    fields: problems,
    count: (isNameMissing ? 1 : 0) + unnamedRoleIds.size + problems.size,
  };
}
