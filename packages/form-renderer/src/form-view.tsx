import type {
  AnswerIssue,
  Answers,
  AnswerValue,
  ErrorTextSettings,
  FormDefinition,
  FormField,
  FormPage,
  PublicSubmissionResponse,
  SubmissionReceipt,
} from '@formwerk/contracts';
import { type LogicRule, resolveForm, validateAnswers } from '@formwerk/contracts/form-answers';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useCustomScript } from './custom-script/use-custom-script';
import { FieldView } from './field-view';
import type { UploadFile } from './file-fields';
import { fill, issueMessage, type RendererLocale, textsOf } from './messages';
import { forgetAnswers, readSavedAnswers, saveAnswers } from './saved-answers';

/**
 * Why answers were not taken: `paused` is the team's plan at its limit of the month (the api's
 * PLAN_LIMIT_REACHED), said calmly, without the owner's billing.
 */
export type SubmitProblem = 'network' | 'tooFast' | 'rateLimited' | 'unavailable' | 'closed' | 'paused';
/** What the thank-you shows of a stored submission, with the respondent's private link to their data. */
export type PublicReceipt = SubmissionReceipt & Pick<PublicSubmissionResponse, 'personalDataPath'>;
/** What a submit handler reports back: done, or the server's issues per field, or a problem to explain. */
export type SubmitOutcome =
  | { isDone: true; receipt?: PublicReceipt }
  | { isDone: false; issues: AnswerIssue[]; problem?: SubmitProblem };
/**
 * Sends the answers. When the server asks to wait (busy, or many answers from one connection), the
 * handler calls `onWait` with the seconds it waits before it sends them again by itself.
 */
export type SubmitHandler = (
  answers: Answers,
  honeypot: string,
  events?: { onWait?: (seconds: number) => void },
) => Promise<SubmitOutcome>;

/** One screen of the form: a page (classic) or one question of it (one question per screen). */
type Step = { page: FormPage; isFirstOfPage: boolean; fields: FormField[] };

function toSteps(pages: { page: FormPage; fields: FormField[] }[], layout: FormLayout): Step[] {
  if (layout === 'classic') return pages.map((page) => ({ ...page, isFirstOfPage: true }));
  // Hidden fields show nothing, so they get no screen of their own.
  return pages.flatMap(({ page, fields }) =>
    fields
      .filter((field) => field.type !== 'hidden')
      .map((field, index) => ({ page, isFirstOfPage: index === 0, fields: [field] })),
  );
}

export type FormLayout = 'classic' | 'oneQuestion';

type FormViewProps = {
  definition: FormDefinition;
  /** The language of the renderer's own words (buttons, messages); the content is the author's. */
  locale: RendererLocale;
  /** Answers known before the respondent types, e.g. hidden fields from the link's query. */
  initialAnswers?: Answers;
  /** A preview checks answers but sends nothing and has no honeypot. */
  isPreview?: boolean;
  /** 2 where the page around the form has its own h1 (previews inside the app). */
  titleLevel?: 1 | 2;
  /** How the page sends files and signatures; missing in previews (nothing leaves the device). */
  uploadFile?: UploadFile;
  /** Missing while the page is rendered on the server, before its script takes over. */
  onSubmit?: SubmitHandler;
  /** The rules of the condition tab, applied like the api applies them. */
  logic?: readonly LogicRule[];
  /** The owner's error texts (error tab), in place of ours. */
  errorTexts?: ErrorTextSettings;
  layout?: FormLayout;
  /** The owner's JavaScript (javascript tab), run in a sandboxed frame. */
  customScript?: string;
  /** The form's id, where unfinished answers are kept on the device until sent (the public page). */
  keepAnswersFor?: string;
};

/**
 * A form as respondents fill it: one page at a time with progress, pages and fields shown by their
 * conditions, answers checked by the same rules the api applies. Renders the same markup on the
 * server (the public page's first paint) as on the client that takes it over.
 */
export function FormView({
  definition,
  locale,
  initialAnswers = {},
  isPreview = false,
  titleLevel = 1,
  uploadFile,
  onSubmit,
  logic = [],
  errorTexts,
  layout = 'classic',
  customScript,
  keepAnswersFor,
}: FormViewProps) {
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const texts = textsOf(locale);
  const formId = useId();
  const [answers, setAnswers] = useState<Answers>(initialAnswers);
  const [pageIndex, setPageIndex] = useState(0);
  const [issues, setIssues] = useState<AnswerIssue[]>([]);
  const [hasTriedPage, setHasTriedPage] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  // Seconds the answers wait before they are sent again by themselves, while they do.
  const [waitSeconds, setWaitSeconds] = useState<number | null>(null);
  const [isPreviewDone, setIsPreviewDone] = useState(false);
  const formElement = useRef<HTMLFormElement>(null);
  // Fields whose files or signature are still being stored; the form goes on only without them.
  const [busyFieldIds, setBusyFieldIds] = useState<ReadonlySet<string>>(new Set());
  const [isWaitingForFiles, setIsWaitingForFiles] = useState(false);
  const setBusy = (fieldId: string, isBusy: boolean) =>
    setBusyFieldIds((known) => {
      if (known.has(fieldId) === isBusy) return known;
      const next = new Set(known);
      if (isBusy) next.add(fieldId);
      else next.delete(fieldId);
      return next;
    });
  // Asked to go on while files were still being stored: it goes on by itself once they are.
  useEffect(() => {
    if (isWaitingForFiles && busyFieldIds.size === 0) formElement.current?.requestSubmit();
  }, [isWaitingForFiles, busyFieldIds]);
  const honeypot = useRef<HTMLInputElement>(null);
  const top = useRef<HTMLDivElement>(null);

  const resolved = resolveForm(definition, answers, logic);
  const steps = toSteps(resolved.pages, layout);
  const pageCount = steps.length;
  const current = steps[Math.min(pageIndex, pageCount - 1)];
  const isLastPage = pageIndex >= pageCount - 1;
  const currentFieldIds = new Set(current?.fields.map((field) => field.id));
  const issuesHere = (list: AnswerIssue[]) => list.filter((issue) => currentFieldIds.has(issue.fieldId));

  // An upload reports its answer after the respondent may have typed elsewhere: it must add to the
  // answers as they are then, not as they were when it started.
  const latestAnswers = useRef(answers);
  latestAnswers.current = answers;

  // Answers kept on this device from an earlier visit come back once the page is running (the server
  // cannot know them, and the first render must match its HTML); the link's own values win.
  const [restored, setRestored] = useState<{ asksForFilesAgain: boolean } | null>(null);
  const hasChanged = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the page has started
  useEffect(() => {
    if (!keepAnswersFor) return;
    const saved = readSavedAnswers(keepAnswersFor, definition);
    if (!saved) return;
    const next = { ...saved.answers, ...initialAnswers };
    latestAnswers.current = next;
    setAnswers(next);
    setPageIndex(saved.stepIndex);
    setRestored({ asksForFilesAgain: saved.asksForFilesAgain });
  }, []);
  useEffect(() => {
    if (keepAnswersFor && hasChanged.current) saveAnswers(keepAnswersFor, definition, answers, pageIndex);
  }, [keepAnswersFor, definition, answers, pageIndex]);
  const update = (fieldId: string, value: AnswerValue | undefined) => {
    hasChanged.current = true;
    const next = { ...latestAnswers.current, [fieldId]: value };
    latestAnswers.current = next;
    setAnswers(next);
    // Once the respondent tried to go on, messages follow their corrections as they type.
    if (hasTriedPage) setIssues(validateAnswers(definition, next, logic).issues);
  };
  const script = useCustomScript(customScript, { definition, answers, pageIndex, pageCount, setAnswer: update });

  const focusFirstIssue = (list: AnswerIssue[]) => {
    const first = list[0];
    if (first) requestAnimationFrame(() => document.getElementById(first.fieldId)?.focus());
  };

  const goTo = (index: number) => {
    hasChanged.current = true;
    setPageIndex(index);
    setHasTriedPage(false);
    setIssues([]);
    requestAnimationFrame(() => top.current?.focus());
  };

  const onFormSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const waitsFor = isLastPage
      ? [...busyFieldIds]
      : [...busyFieldIds].filter((fieldId) => currentFieldIds.has(fieldId));
    setIsWaitingForFiles(waitsFor.length > 0);
    if (waitsFor.length > 0) return;
    const found = validateAnswers(definition, answers, logic).issues;
    const blocking = isLastPage ? found : issuesHere(found);
    setHasTriedPage(true);
    setIssues(found);
    if (blocking.length > 0) return focusFirstIssue(blocking);
    if (!isLastPage) return goTo(pageIndex + 1);
    // A preview ends where the answers would be sent: they passed every check.
    if (isPreview) return setIsPreviewDone(true);
    if (!onSubmit) return;
    setIsSubmitting(true);
    setProblem(null);
    script.notifySubmit(answers);
    try {
      const outcome = await onSubmit(answers, honeypot.current?.value ?? '', { onWait: setWaitSeconds });
      setWaitSeconds(null);
      if (outcome.isDone && keepAnswersFor) forgetAnswers(keepAnswersFor);
      if (!outcome.isDone) {
        setProblem(outcome.problem ?? null);
        setIssues(outcome.issues);
        const firstPage = steps.findIndex((page) =>
          page.fields.some((field) => outcome.issues.some((issue) => issue.fieldId === field.id)),
        );
        if (firstPage >= 0 && firstPage !== pageIndex) setPageIndex(firstPage);
        focusFirstIssue(outcome.issues);
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  const startOver = () => {
    if (keepAnswersFor) forgetAnswers(keepAnswersFor);
    latestAnswers.current = initialAnswers;
    setAnswers(initialAnswers);
    setRestored(null);
    goTo(0);
    // Nothing to keep until the respondent answers again.
    hasChanged.current = false;
  };

  const shownIssues = hasTriedPage ? issuesHere(issues) : [];
  const errorOf = (fieldId: string) => {
    const issue = shownIssues.find((candidate) => candidate.fieldId === fieldId);
    return issue ? issueMessage(issue, locale, errorTexts) : undefined;
  };

  return (
    <form ref={formElement} className="fw-form" noValidate onSubmit={onFormSubmit} aria-labelledby={`${formId}-title`}>
      <div className="fw-form__top" ref={top} tabIndex={-1}>
        <Title className="fw-form__title" id={`${formId}-title`}>
          {definition.title}
        </Title>
        {definition.description && pageIndex === 0 ? (
          <p className="fw-form__description">{definition.description}</p>
        ) : null}
        {pageCount > 1 ? (
          <div className="fw-progress">
            <span>
              {fill(layout === 'classic' ? texts.progress : texts.questionProgress, {
                current: pageIndex + 1,
                total: pageCount,
              })}
            </span>
            <progress max={pageCount} value={pageIndex + 1} aria-hidden="true" />
          </div>
        ) : null}
        {current?.page.title && current.isFirstOfPage ? (
          <h2 className="fw-form__page-title">{current.page.title}</h2>
        ) : null}
      </div>
      {restored ? (
        <div className="fw-form__restored" role="status">
          <p>
            {texts.restored.text}
            {restored.asksForFilesAgain ? ` ${texts.restored.files}` : ''}
          </p>
          <button type="button" className="fw-button fw-button--secondary" onClick={startOver}>
            {texts.restored.startOver}
          </button>
        </div>
      ) : null}
      {shownIssues.length > 0 ? (
        <p className="fw-form__alert" role="alert">
          {texts.fixErrors}
        </p>
      ) : null}
      {current?.fields.map((field) => (
        <FieldView
          key={field.id}
          field={field}
          value={field.type === 'calculated' ? resolved.answers[field.id] : answers[field.id]}
          error={errorOf(field.id)}
          texts={texts}
          uploadFile={isPreview ? undefined : uploadFile}
          isPreview={isPreview}
          onChange={(value) => update(field.id, value)}
          onBusyChange={(isBusy) => setBusy(field.id, isBusy)}
        />
      ))}
      {isPreview ? null : (
        // People never see this field; bots that fill every input give themselves away.
        <div className="fw-honeypot" aria-hidden="true">
          <label>
            {texts.honeypot}
            <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
      )}
      {problem ? (
        <p className="fw-form__alert" role="alert">
          {texts.problems[problem]}
        </p>
      ) : null}
      {waitSeconds !== null ? (
        <p className="fw-form__notice" role="status">
          {fill(texts.waitingToSend, { seconds: waitSeconds })}
        </p>
      ) : null}
      {isWaitingForFiles && busyFieldIds.size > 0 ? (
        <p className="fw-form__notice" role="status">
          {texts.waitForFiles}
        </p>
      ) : null}
      {isPreviewDone ? (
        <p className="fw-form__notice" role="status">
          {texts.previewDone}
        </p>
      ) : null}
      <div className="fw-form__actions">
        {pageIndex > 0 ? (
          <button type="button" className="fw-button fw-button--secondary" onClick={() => goTo(pageIndex - 1)}>
            {texts.back}
          </button>
        ) : null}
        <button type="submit" className="fw-button" disabled={isSubmitting}>
          {isLastPage ? (isSubmitting ? texts.submitting : texts.submit) : texts.next}
        </button>
      </div>
      {script.frame}
    </form>
  );
}
