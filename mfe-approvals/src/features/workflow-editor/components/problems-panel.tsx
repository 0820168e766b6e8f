import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { describeProblem } from '../utils/describe';
import { type EditorProblem, selectFields, selectProblems } from '../utils/editor-derivations';

/** The panel's element, which the phone bar's button opens. */
export const problemsSheetId = 'workflow-problems';
export const problemsTitleId = 'workflow-problems-title';

const problemKey = (problem: EditorProblem) =>
  [problem.code, problem.nodeId, problem.edgeId, problem.ref, problem.screenId].join('|');

/**
 * What keeps the workflow from being published, in words, checked as the author works. A problem of a
 * node or a connection is a button that shows it on the canvas and moves focus there.
 */
export function ProblemsPanel({
  isOpen,
  sheet,
  onShow,
}: {
  isOpen: boolean;
  sheet: RefObject<HTMLElement | null>;
  onShow: (problem: EditorProblem) => void;
}) {
  const { t } = useTranslation('approvals');
  const problems = useWorkflowEditorStore(selectProblems);
  const fields = useWorkflowEditorStore(selectFields);
  const graph = useWorkflowEditorStore((state) => state.draft?.graph);
  if (!graph) return null;
  return (
    <section
      ref={sheet}
      id={problemsSheetId}
      className="ui-panel ui-panel--sheet workflow-problems"
      aria-labelledby={problemsTitleId}
      data-open={isOpen || undefined}
    >
      <h2 id={problemsTitleId} tabIndex={-1}>
        {t('workflows.problems.title', { count: problems.length })}
      </h2>
      {problems.length === 0 ? <p className="ui-hint">{t('workflows.problems.none')}</p> : null}
      {problems.length > 0 ? (
        <ul>
          {problems.map((problem) => {
            const text = describeProblem(problem, { graph, fields }, t);
            return (
              <li key={problemKey(problem)}>
                {problem.nodeId || problem.edgeId ? (
                  <button type="button" className="ui-link-button" onClick={() => onShow(problem)}>
                    {text}
                  </button>
                ) : (
                  text
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
