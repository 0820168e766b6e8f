import type { FormResponse, SubmissionDto } from '@formwerk/contracts';
import { takesAnswer } from '@formwerk/contracts';
import { AppLink, formatDateTime, localePath, useLocale } from '@formwerk/platform';
import { Button, ConfirmDialog, PageHeader } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { deleteSubmission, submissionPdfUrl } from '../api/submission-detail-api';
import { useSubmissionWithForm } from '../hooks/use-submission-with-form';
import { AnswerView } from './answer-view';
import { SubmissionLoadState } from './submission-load-state';
import { SubmissionSigningCard } from './submission-signing';
import { SubmissionTabs } from './submission-tabs';
import './submission-detail.css';

/** /v1/submissions/{id} and /v1/submission/{id}: one submission's answers, page by page, as the form asks. */
export function SubmissionPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const { id = '' } = useParams();
  const { load, retry } = useSubmissionWithForm(id);

  return (
    <>
      <PageHeader
        eyebrow={load.status === 'ready' ? load.form.definition.title : t('area')}
        title={t('submissions.detail.title')}
        description={
          load.status === 'ready'
            ? t('submissions.detail.receivedAt', { date: formatDateTime(new Date(load.submission.createdAt), locale) })
            : undefined
        }
        actions={
          load.status === 'ready' ? (
            <>
              {/* A plain link: the browser saves the PDF as the api names it (form and reference number). */}
              <a
                className="ui-button ui-button--secondary"
                href={submissionPdfUrl(load.submission.formId, load.submission.id)}
                download
              >
                {t('submissions.detail.downloadPdf')}
              </a>
              <AppLink
                to="v1-forms-id-submissions"
                params={{ id: load.submission.formId }}
                className="ui-button ui-button--secondary"
              >
                {t('submissions.detail.backToTable')}
              </AppLink>
            </>
          ) : null
        }
      />
      <SubmissionTabs submissionId={id} current="answers" />
      {load.status === 'ready' ? (
        <div className="forms-grid">
          <SubmissionFacts submission={load.submission} />
          <SubmissionSigningCard submissionId={load.submission.id} />
          <SubmissionAnswers submission={load.submission} form={load.form} />
          <DeleteSubmissionSection submission={load.submission} />
        </div>
      ) : (
        <SubmissionLoadState load={load} onRetry={retry} />
      )}
    </>
  );
}

/** The reference number and a quiz's score, where the form gave them to this submission. */
function SubmissionFacts({ submission }: { submission: SubmissionDto }) {
  const { t } = useTranslation('forms');
  const { reference, score } = submission;
  if (!reference && !score) return null;
  return (
    <section className="ui-card forms-card--wide" aria-labelledby="submission-facts">
      <h2 id="submission-facts">{t('submissions.detail.factsTitle')}</h2>
      <dl className="submission-answers">
        {reference ? (
          <div className="submission-answers__item">
            <dt>{t('submissions.detail.reference')}</dt>
            <dd>{reference}</dd>
          </div>
        ) : null}
        {score ? (
          <div className="submission-answers__item">
            <dt>{t('submissions.detail.score')}</dt>
            <dd>{t('submissions.detail.scoreValue', { points: score.points, maxPoints: score.maxPoints })}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function SubmissionAnswers({ submission, form }: { submission: SubmissionDto; form: FormResponse }) {
  const { t } = useTranslation('forms');
  const pages = form.definition.pages
    .map((page) => ({ page, fields: page.fields.filter(takesAnswer) }))
    .filter(({ fields }) => fields.length > 0);
  const knownIds = new Set(pages.flatMap(({ fields }) => fields.map((field) => field.id)));
  // Answers to fields removed from the form since; still part of what was sent.
  const removed = Object.entries(submission.answers).filter(([fieldId]) => !knownIds.has(fieldId));
  return (
    <>
      {pages.map(({ page, fields }, index) => (
        <section key={page.id} className="ui-card forms-card--wide" aria-labelledby={`submission-page-${page.id}`}>
          <h2 id={`submission-page-${page.id}`}>{page.title || t('submissions.detail.page', { number: index + 1 })}</h2>
          <dl className="submission-answers">
            {fields.map((field) => (
              <div key={field.id} className="submission-answers__item">
                <dt>{field.label || t('submissions.untitledField')}</dt>
                <dd>
                  <AnswerView field={field} value={submission.answers[field.id]} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {removed.length > 0 ? (
        <section className="ui-card forms-card--wide" aria-labelledby="submission-removed-fields">
          <h2 id="submission-removed-fields">{t('submissions.detail.removedFields')}</h2>
          <dl className="submission-answers">
            {removed.map(([fieldId, value]) => (
              <div key={fieldId} className="submission-answers__item">
                <dt>{fieldId}</dt>
                <dd>
                  <AnswerView field={undefined} value={value} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </>
  );
}

/** Deleting the submission, once confirmed, returns to its form's table. */
function DeleteSubmissionSection({ submission }: { submission: SubmissionDto }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onConfirm = async () => {
    setIsConfirming(false);
    setErrorKey(null);
    try {
      await deleteSubmission(submission.formId, submission.id);
      navigate(localePath('v1-forms-id-submissions', locale, { id: submission.formId }));
    } catch (error) {
      setErrorKey(toErrorKey(error));
    }
  };

  return (
    <section className="ui-card" aria-labelledby="submission-delete">
      <h2 id="submission-delete">{t('submissions.detail.delete')}</h2>
      <p className="ui-hint">{t('submissions.detail.deleteText')}</p>
      <div className="ui-toolbar">
        <Button variant="secondary" onClick={() => setIsConfirming(true)}>
          {t('submissions.detail.delete')}
        </Button>
        {errorKey ? (
          <span role="alert" className="ui-error">
            {t(errorKey)}
          </span>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('submissions.detail.deleteTitle')}
        confirmLabel={t('submissions.delete.confirm')}
        cancelLabel={t('cancel')}
        onConfirm={onConfirm}
        onCancel={() => setIsConfirming(false)}
      >
        <p>{t('submissions.detail.deleteText')}</p>
      </ConfirmDialog>
    </section>
  );
}
