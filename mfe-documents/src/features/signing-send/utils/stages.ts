import type { TemplateRole } from '@formwerk/contracts';

/**
 * The roles with their stages numbered 1, 2, 3 … in the order they stand (1, 3 becomes 1, 2): what the
 * api does to a template's roles, and what it asks of a document's own (stages without gaps).
 */
export function closeStageGaps(roles: TemplateRole[]): TemplateRole[] {
  const stages = [...new Set(roles.map((role) => role.order))].sort((left, right) => left - right);
  return roles.map((role) => ({ ...role, order: stages.indexOf(role.order) + 1 }));
}

/** The roles stage by stage, the first stage first; within a stage, in the roles' order. */
export function groupByStage(roles: TemplateRole[]): TemplateRole[][] {
  const stages = new Map<number, TemplateRole[]>();
  for (const role of closeStageGaps(roles)) stages.set(role.order, [...(stages.get(role.order) ?? []), role]);
  return [...stages.entries()].sort(([left], [right]) => left - right).map(([, stage]) => stage);
}
