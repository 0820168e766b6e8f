import type { AnswerValue, FormField } from '@formwerk/contracts';
import { useEffect, useState } from 'react';
import { toErrorKey } from '../../../utils/error-key';
import { findSubmissionWithForm } from '../api/submission-workflow-api';

type ChangeableFields =
  | { status: 'loading' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; fields: FormField[]; answers: Record<string, AnswerValue | undefined> };

/**
 * The fields the approver asked to change, in the form's order, with the answers sent so far: what
 * the resubmit form is made of. The instance names the fields; the submission and its form give them.
 */
export function useChangeableFields(submissionId: string, fieldIds: readonly string[]): ChangeableFields {
  const [state, setState] = useState<ChangeableFields>({ status: 'loading' });
  const fieldKey = fieldIds.join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `fieldKey` stands for `fieldIds` by value.
  useEffect(() => {
    let isCurrent = true;
    setState({ status: 'loading' });
    findSubmissionWithForm(submissionId).then(
      ({ submission, form }) => {
        if (!isCurrent) return;
        const wanted = new Set(fieldIds);
        const fields = form.definition.pages.flatMap((page) => page.fields).filter((field) => wanted.has(field.id));
        setState({ status: 'ready', fields, answers: submission.answers });
      },
      (error: unknown) => isCurrent && setState({ status: 'failed', errorKey: toErrorKey(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [submissionId, fieldKey]);

  return state;
}
