import { type SigningView, signingTokenParamsSchema } from '@formwerk/contracts';
import { ApiError, formatDate, useLocale } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { withAreaQueries } from '../../../query/area-queries';
import { useRequestLanguage } from '../hooks/use-request-language';
import { useSigningActions, useSigningView } from '../hooks/use-signing';
import { toErrorKey } from '../utils/error-key';
import { phaseOf } from '../utils/signing-phase';
import { SigningOutcome } from './signing-outcome';
import { SigningWorkspace } from './signing-workspace';
import { VerifyStep } from './verify-step';
import { ViewWorkspace } from './view-workspace';
import './signer.css';

/** A page of the states that have no request to show: an unknown link, one that cannot be read now. */
function Notice({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="signer-page">
      <PageHeader title={title} />
      <div className="ui-card signer-state">
        <p>{text}</p>
        {action}
      </div>
    </div>
  );
}

/**
 * /form/signed?token=: the page every signing mail links to. It shows what the link may do now: the
 * code to prove the mailbox, then the document with the person's fields (or just the document for
 * those who look), and afterwards the thanks, and the signed copy with its certificate once sealed.
 */
function SignerPageContent() {
  const { t } = useTranslation('documents');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const isToken = signingTokenParamsSchema.safeParse({ token }).success;
  const view = useSigningView(isToken ? token : '');
  const languageOffer = useRequestLanguage(token, view.data?.language);

  if (!isToken) return <Notice title={t('signer.unknown.title')} text={t('signer.unknown.text')} />;
  if (view.isPending) {
    return (
      <div className="signer-page">
        <p role="status" className="signer-loading">
          {t('signer.loading')}
        </p>
      </div>
    );
  }
  if (view.isError) {
    if (view.error instanceof ApiError && view.error.status === 404) {
      return <Notice title={t('signer.unknown.title')} text={t('signer.unknown.text')} />;
    }
    return (
      <Notice
        title={t('signer.failed.title')}
        text={t(toErrorKey(view.error))}
        action={
          <div>
            <Button onClick={() => void view.refetch()}>{t('signer.failed.retry')}</Button>
          </div>
        }
      />
    );
  }
  return (
    <div className="signer-page">
      {languageOffer ? (
        <p className="ui-notice signer-language" lang={view.data.language}>
          {t('signer.language.offer', { lng: view.data.language })}{' '}
          <Link to={languageOffer}>{t('signer.language.switch', { lng: view.data.language })}</Link>
        </p>
      ) : null}
      <SigningRequest token={token} view={view.data} />
    </div>
  );
}

function SigningRequest({ token, view }: { token: string; view: SigningView }) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const actions = useSigningActions(token);
  const [delegatedTo, setDelegatedTo] = useState<string | null>(null);
  const phase = phaseOf(view);
  const { recipient } = view;
  // The hour a code gives ran out while filling in: the page asks for a new code, and says why.
  const isVerificationLapsed =
    actions.finish.error instanceof ApiError && actions.finish.error.code === 'SIGNING_NOT_VERIFIED';

  const header = (
    <PageHeader
      eyebrow={t(`signer.eyebrow.${recipient.kind}`)}
      title={view.title}
      description={t('signer.from', { sender: view.sender.name })}
    />
  );
  const message =
    view.message && (phase === 'verify' || phase === 'sign' || phase === 'view') ? (
      <figure className="signer-message">
        <blockquote>{view.message}</blockquote>
        <figcaption>{view.sender.name}</figcaption>
      </figure>
    ) : null;

  let body: ReactNode;
  if (delegatedTo !== null) {
    body = <SigningOutcome kind="delegated" view={view} token={token} name={delegatedTo} />;
  } else if (phase === 'verify') {
    body = (
      <>
        <p className="signer-intro">
          {t(`signer.intro.${recipient.kind}`, {
            sender: view.sender.name,
            date: formatDate(new Date(view.expiresAt), locale),
          })}
        </p>
        {isVerificationLapsed ? (
          <p role="alert" className="ui-notice">
            {t('signer.errors.SIGNING_NOT_VERIFIED')}
          </p>
        ) : null}
        <VerifyStep email={recipient.email} actions={actions} />
      </>
    );
  } else if (phase === 'sign') {
    body = <SigningWorkspace token={token} view={view} actions={actions} onDelegated={setDelegatedTo} />;
  } else if (phase === 'view') {
    body = <ViewWorkspace token={token} view={view} actions={actions} />;
  } else {
    body = <SigningOutcome kind={phase} view={view} token={token} />;
  }

  return (
    <>
      {header}
      {message}
      {body}
    </>
  );
}

export const SignerPage = withAreaQueries(SignerPageContent);
