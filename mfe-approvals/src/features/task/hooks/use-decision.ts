import { type AnswerValue, type DecisionRequest, isEmptyAnswer, type TaskDetailResponse } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { commentOnTask, decideTask } from '../api/task-api';
import { answerInputId, commentInputId, editableFields, extraInputId, toAnswerValue } from '../utils/task-fields';
import { type Notice, toClosedNotice } from '../utils/task-notice';

type Outcome = DecisionRequest['outcome'];
type Values = Record<string, AnswerValue | undefined>;

const isSame = (left: AnswerValue | undefined, right: AnswerValue | undefined) =>
  JSON.stringify(left) === JSON.stringify(right);

/** The input a VALIDATION_FAILED issue points at (`answers.<id>`, `extra.<id>`, `comment`). */
function inputOfIssue(path: unknown): string | undefined {
  if (!Array.isArray(path)) return undefined;
  const [where, fieldId] = path;
  if (where === 'comment') return commentInputId;
  if (typeof fieldId !== 'string') return undefined;
  if (where === 'answers') return answerInputId(fieldId);
  return where === 'extra' ? extraInputId(fieldId) : undefined;
}

/** Moves focus to the first input that needs attention (a group's first choice). */
function focusInput(inputId: string) {
  const element = document.getElementById(inputId);
  const target = element instanceof HTMLFieldSetElement ? element.querySelector('input') : element;
  target?.focus();
}

type DecisionOptions = {
  detail: TaskDetailResponse;
  /** Shows the task's new state. */
  onChanged: (detail: TaskDetailResponse) => void;
  /** Reads the task again. */
  onStale: () => Promise<void>;
  onNotice: (notice: Notice) => void;
};

/**
 * The approver's draft of a decision (changed answers, the screen's extra fields, the comment) and
 * sending it. What the api would refuse is refused here first, with the reason beside the field:
 * rejecting and requesting changes need a comment, required fields need a value.
 */
export function useDecision({ detail, onChanged, onStale, onNotice }: DecisionOptions) {
  const { t } = useTranslation('approvals');
  const originals = Object.fromEntries(
    editableFields(detail).map((field) => [field.id, toAnswerValue(detail.answers[field.id])]),
  );
  const [answers, setAnswers] = useState<Values>(originals);
  const [extra, setExtra] = useState<Values>({});
  const [comment, setComment] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const clearError = (inputId: string) => setFieldErrors(({ [inputId]: _cleared, ...rest }) => rest);

  const findProblems = (outcome: Outcome | 'comment'): Record<string, string> => {
    const problems: Record<string, string> = {};
    if (outcome !== 'approve' && comment.trim() === '') {
      problems[commentInputId] = outcome === 'comment' ? 'inbox.task.commentEmpty' : 'inbox.task.commentRequired';
    }
    if (outcome === 'comment') return problems;
    for (const field of editableFields(detail)) {
      if (field.required && isEmptyAnswer(answers[field.id])) problems[answerInputId(field.id)] = 'inbox.task.required';
    }
    for (const field of detail.screen?.extraFields ?? []) {
      const value = extra[field.id];
      if (field.required && (value === undefined || value === '')) {
        problems[extraInputId(field.id)] = 'inbox.task.required';
      }
    }
    return problems;
  };

  /** Refuses what the api would refuse, marking the fields and focusing the first; true when all is well. */
  const check = (outcome: Outcome | 'comment') => {
    const problems = findProblems(outcome);
    setFieldErrors(problems);
    const first = Object.keys(problems)[0];
    if (first === undefined) return true;
    setErrorKey(outcome === 'comment' ? null : 'inbox.task.fixFirst');
    focusInput(first);
    return false;
  };

  const explain = async (error: unknown) => {
    const closedNotice = toClosedNotice(error, (status) => t(`inbox.status.${status}`));
    if (closedNotice) {
      setErrorKey(null);
      onNotice(closedNotice);
      await onStale().catch(() => undefined);
      return;
    }
    if (error instanceof ApiError && error.code === 'COMMENT_REQUIRED') {
      setFieldErrors({ [commentInputId]: 'inbox.task.commentRequired' });
      focusInput(commentInputId);
    }
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
      const issues = (error.details as { issues?: { path?: unknown }[] } | undefined)?.issues ?? [];
      const marked = Object.fromEntries(
        issues.flatMap((issue) => {
          const inputId = inputOfIssue(issue.path);
          return inputId ? [[inputId, 'inbox.task.invalid']] : [];
        }),
      );
      setFieldErrors(marked);
    }
    setErrorKey(toErrorKey(error));
  };

  const decide = async (outcome: Outcome) => {
    setErrorKey(null);
    if (!check(outcome)) return;
    setIsSending(true);
    const changed = Object.fromEntries(
      Object.entries(answers).filter(([fieldId, value]) => !isSame(value, originals[fieldId])),
    );
    const filled = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined && value !== ''));
    try {
      onChanged(
        await decideTask(detail.task.id, { outcome, comment: comment.trim(), answers: changed, extra: filled }),
      );
      setComment('');
      onNotice({ key: `inbox.task.decided.${outcome}` });
    } catch (error) {
      await explain(error);
    } finally {
      setIsSending(false);
    }
  };

  const sendComment = async () => {
    setErrorKey(null);
    if (!check('comment')) return;
    setIsSending(true);
    try {
      await commentOnTask(detail.task.id, comment.trim());
      setComment('');
      onNotice({ key: 'inbox.task.commented' });
      await onStale().catch(() => undefined);
    } catch (error) {
      await explain(error);
    } finally {
      setIsSending(false);
    }
  };

  return {
    answers,
    setAnswer: (fieldId: string, value: AnswerValue | undefined) => {
      setAnswers((current) => ({ ...current, [fieldId]: value }));
      clearError(answerInputId(fieldId));
    },
    extra,
    setExtra: (fieldId: string, value: AnswerValue | undefined) => {
      setExtra((current) => ({ ...current, [fieldId]: value }));
      clearError(extraInputId(fieldId));
    },
    comment,
    setComment: (text: string) => {
      setComment(text);
      clearError(commentInputId);
    },
    fieldErrors,
    errorKey,
    isSending,
    decide,
    sendComment,
  };
}

export type Decision = ReturnType<typeof useDecision>;
