import { saveWorkflowRequestSchema } from '@formwerk/contracts';
import type { WorkflowDraft } from '../stores/workflow-editor-store';

/**
 * Why the api would refuse to even save the draft (400 VALIDATION_FAILED), which validateWorkflowGraph
 * does not cover: it judges a stored graph. Checked with the contract's own schema, so the two agree.
 */
export type DraftIssue = {
  code: 'NAME_MISSING' | 'NO_RECIPIENTS' | 'SCREEN_WITHOUT_NAME' | 'EXTRA_FIELD_WITHOUT_LABEL' | 'INVALID_SETTING';
  nodeId?: string;
  /** The screen concerned. */
  screenId?: string;
};

function toIssue(draft: WorkflowDraft, path: PropertyKey[]): DraftIssue {
  const [area, list, index, setting, , detail] = path;
  if (area === 'name') return { code: 'NAME_MISSING' };
  if (area === 'graph' && list === 'nodes' && typeof index === 'number') {
    const nodeId = draft.graph.nodes[index]?.id;
    return { code: setting === 'recipients' ? 'NO_RECIPIENTS' : 'INVALID_SETTING', nodeId };
  }
  if (area === 'graph' && list === 'screens' && typeof index === 'number') {
    const screenId = draft.graph.screens[index]?.id;
    if (setting === 'name') return { code: 'SCREEN_WITHOUT_NAME', screenId };
    if (setting === 'extraFields' && detail === 'label') return { code: 'EXTRA_FIELD_WITHOUT_LABEL', screenId };
    return { code: 'INVALID_SETTING', screenId };
  }
  return { code: 'INVALID_SETTING' };
}

/** Each distinct reason, in the order of the draft; none means the api will take it. */
export function findDraftIssues(draft: WorkflowDraft): DraftIssue[] {
  const result = saveWorkflowRequestSchema.safeParse({ ...draft, revision: 0 });
  if (result.success) return [];
  const issues = new Map<string, DraftIssue>();
  for (const { path } of result.error.issues) {
    const issue = toIssue(draft, path);
    issues.set(`${issue.code}:${issue.nodeId ?? ''}:${issue.screenId ?? ''}`, issue);
  }
  return [...issues.values()];
}
