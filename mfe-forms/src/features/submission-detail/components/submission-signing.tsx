import type { SubmissionSigning } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findSubmissionSigning } from '../api/submission-detail-api';

// Why a document was not sent, in the page's words: the codes the start records (form-signing-start.ts).
const explainedFailures = new Set([
  'DISABLED',
  'SENDER_GONE',
  'NOT_FOUND',
  'STORAGE_LIMIT_REACHED',
  'VALIDATION_FAILED',
]);

/**
 * What became of the document this submission sent to sign (the form's "Documents" tab): sent, with its
 * request's state and page, or not sent and why. Nothing for a submission that sent none; a failed look
 * leaves the rest of the page as it is.
 */
export function SubmissionSigningCard({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation('forms');
  const [signing, setSigning] = useState<SubmissionSigning | null>(null);

  useEffect(() => {
    let isCurrent = true;
    setSigning(null);
    findSubmissionSigning(submissionId).then(
      (found) => isCurrent && setSigning(found),
      // 404: this submission sent nothing to sign. Any other failure: the card stays away, the answers stand.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [submissionId]);

  if (!signing) return null;
  const failure = signing.failure && explainedFailures.has(signing.failure) ? signing.failure : 'unexpected';
  return (
    <section className="ui-card" aria-labelledby="submission-signing">
      <h2 id="submission-signing">{t('submissions.detail.signing.title')}</h2>
      {signing.status === 'started' && signing.request ? (
        <>
          <p>{t(`submissions.detail.signing.request.${signing.request.status}`)}</p>
          <AppLink to="v1-documents" query={{ request: signing.request.id }}>
            {t('submissions.detail.signing.open')}
          </AppLink>
        </>
      ) : (
        <p>
          {signing.status === 'failed'
            ? t(`submissions.detail.signing.failed.${failure}`)
            : t(`submissions.detail.signing.${signing.status === 'started' ? 'deleted' : signing.status}`)}
        </p>
      )}
    </section>
  );
}
