import type { SigningRecipient, SigningRequest, SigningRequestStatus } from '@formwerk/contracts';
import {
  ApiError,
  AppLink,
  formatDateTime,
  formatFileSize,
  intlLocales,
  type Locale,
  useLocale,
} from '@formwerk/platform';
import { Button, ConfirmDialog, Icon, PageHeader } from '@formwerk/ui';
import { ArrowLeft, Ban, Download, Eye, FileCheck, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PreviewDialog } from '../../library/components/preview-dialog';
import { signingRequestFileUrl } from '../api/signing-requests-api';
import { useSigningRequest } from '../hooks/use-signing-requests';
import { toErrorKey } from '../utils/error-key';
import { AuditTrail } from './audit-trail';
import { RecipientStages } from './recipient-stages';
import type { RequestListState } from './request-list';
import { RequestDeadline, RequestProgress } from './request-progress';
import { RequestStatusBadge } from './request-status-badge';

/** The way back to the list, above every state of the page. */
function BackLink() {
  const { t } = useTranslation('documents');
  const { pathname } = useLocation();
  return (
    <p className="signing-back">
      <Link to={`${pathname}?view=requests`}>
        <Icon icon={ArrowLeft} />
        {t('signingRequests.detail.back')}
      </Link>
    </p>
  );
}

function NotFound() {
  const { t } = useTranslation('documents');
  return (
    <>
      <BackLink />
      <PageHeader eyebrow={t('signingRequests.title')} title={t('signingRequests.notFound.title')} />
      <div className="ui-card">
        <p role="alert">{t('signingRequests.notFound.text')}</p>
      </div>
    </>
  );
}

/**
 * One request sent for signature (`?request={id}`): where it stands, what sent it, its people stage by
 * stage and its audit trail, read again every few seconds while it runs; its PDFs to look at and
 * download; for who may (its sender, the team's owner and admins) withdrawing it while people may still
 * act, and deleting it once it has ended. An id that names no request of the team says so.
 */
export function RequestDetail({ requestId }: { requestId: string }) {
  return requestId ? <LoadedRequest requestId={requestId} /> : <NotFound />;
}

function LoadedRequest({ requestId }: { requestId: string }) {
  const { t } = useTranslation('documents');
  const { request, errorKey, isNotFound, isLoading, reload, cancel, remove } = useSigningRequest(requestId);
  if (isNotFound) return <NotFound />;
  if (request) return <RequestPage request={request} cancel={cancel} remove={remove} />;
  return (
    <>
      <BackLink />
      {isLoading ? (
        <p role="status">{t('signingRequests.loading')}</p>
      ) : (
        <div className="ui-card">
          <p role="alert">{errorKey ? t(errorKey) : null}</p>
          <div>
            <Button variant="secondary" onClick={reload}>
              {t('signingRequests.retry')}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

type RequestPageProps = Pick<ReturnType<typeof useSigningRequest>, 'cancel' | 'remove'> & { request: SigningRequest };

/** Ended for good: nothing of it can change any more, so it may be deleted. */
const closedStatuses: readonly SigningRequestStatus[] = ['completed', 'declined', 'expired', 'cancelled'];

function RequestPage({ request, cancel, remove }: RequestPageProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const overviewId = useId();
  const overviewHeading = useRef<HTMLHeadingElement>(null);
  const [isPreviewing, setIsPreviewing] = useState(false);
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [message, setMessage] = useState('');
  const isCompleted = request.status === 'completed' && request.signed !== null;
  // The preview shows what there is to keep: the sealed copy once there is one.
  const previewVersion = isCompleted ? 'signed' : 'original';

  const onConfirmCancel = () => {
    setIsConfirmingCancel(false);
    setMessage('');
    remove.reset();
    // Withdrawn, or closed meanwhile, the request offers cancelling no more: the focus waits at the
    // overview instead of being lost with the button. Refused otherwise, it stays on the button.
    cancel.mutate(undefined, {
      onSuccess: () => {
        setMessage(t('signingRequests.cancel.done'));
        overviewHeading.current?.focus();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'SIGNING_CLOSED') overviewHeading.current?.focus();
      },
    });
  };

  const onConfirmDelete = () => {
    setIsConfirmingDelete(false);
    setMessage('');
    cancel.reset();
    remove.mutate(undefined, {
      onSuccess: () => {
        const state: RequestListState = { deletedTitle: request.title };
        navigate(`${pathname}?view=requests`, { state });
      },
    });
  };
  const isBusy = cancel.isPending || remove.isPending;
  const actionError = remove.isError ? remove.error : cancel.isError ? cancel.error : null;

  return (
    <>
      <BackLink />
      <PageHeader
        eyebrow={t('signingRequests.title')}
        title={request.title}
        actions={
          <div className="signing-actions">
            <Button variant="secondary" onClick={() => setIsPreviewing(true)}>
              <Icon icon={Eye} />
              {t(`signingRequests.actions.preview.${previewVersion}`)}
            </Button>
            <a className="ui-button ui-button--secondary" href={signingRequestFileUrl(request.id, 'original')} download>
              <Icon icon={Download} />
              {t('signingRequests.actions.downloadOriginal')}
            </a>
            {isCompleted ? (
              <a className="ui-button ui-button--primary" href={signingRequestFileUrl(request.id, 'signed')} download>
                <Icon icon={FileCheck} />
                {t('signingRequests.actions.downloadSigned')}
              </a>
            ) : null}
            {request.mayManage && request.status === 'sent' ? (
              <Button
                variant="secondary"
                className="ui-button--danger"
                disabled={isBusy}
                onClick={() => setIsConfirmingCancel(true)}
              >
                <Icon icon={Ban} />
                {t('signingRequests.actions.cancel')}
              </Button>
            ) : null}
            {request.mayManage && closedStatuses.includes(request.status) ? (
              <Button
                variant="secondary"
                className="ui-button--danger"
                disabled={isBusy}
                onClick={() => setIsConfirmingDelete(true)}
              >
                <Icon icon={Trash2} />
                {t('signingRequests.actions.delete')}
              </Button>
            ) : null}
          </div>
        }
      />
      <p role="status" className="ui-hint">
        {message}
      </p>
      {actionError ? (
        <p className="ui-notice ui-notice--error" role="alert">
          {t(toErrorKey(actionError))}
        </p>
      ) : null}
      <div className="signing-detail">
        <section className="ui-card" aria-labelledby={overviewId}>
          <h2 id={overviewId} ref={overviewHeading} tabIndex={-1}>
            {t('signingRequests.detail.overview')}
          </h2>
          <div className="signing-state">
            <RequestStatusBadge status={request.status} />
            <p>{stateSentence(request, locale, t)}</p>
          </div>
          <dl className="signing-facts">
            <Fact label={t('signingRequests.columns.progress')}>
              <RequestProgress request={request} />
            </Fact>
            <Fact label={t('signingRequests.columns.sender')}>{request.sender.name}</Fact>
            <Fact label={t('signingRequests.columns.sentAt')}>
              <time dateTime={request.createdAt}>{formatDateTime(new Date(request.createdAt), locale)}</time>
            </Fact>
            <Fact label={t('signingRequests.columns.deadline')}>
              <RequestDeadline request={request} />
            </Fact>
            <Fact label={t('signingRequests.detail.source')}>
              {t(`signingRequests.detail.sources.${request.source.kind}`, { name: request.source.name })}
            </Fact>
            {request.origin ? (
              <Fact label={t('signingRequests.detail.origin')}>
                <AppLink to="v1-submissions-id" params={{ id: request.origin.submissionId }}>
                  {t('signingRequests.detail.fromSubmission', { formTitle: request.origin.formTitle })}
                </AppLink>
              </Fact>
            ) : null}
            <Fact label={t('signingRequests.detail.language')}>
              {t(`signingRequests.detail.languages.${request.language}`)}
            </Fact>
            <Fact label={t('signingRequests.detail.reminders')}>
              {request.reminderEveryDays === null
                ? t('signingRequests.detail.noReminders')
                : t('signingRequests.detail.remindEvery', { count: request.reminderEveryDays })}
            </Fact>
            <Fact label={t('signingRequests.detail.delegation')}>
              {t(`signingRequests.detail.${request.allowDelegation ? 'delegationAllowed' : 'delegationNotAllowed'}`)}
            </Fact>
            <Fact label={t('signingRequests.detail.original')}>
              {formatFileSize(request.original.size, locale)} · <Hash value={request.original.sha256} />
            </Fact>
            {request.signed ? (
              <Fact label={t('signingRequests.detail.signed')}>
                {formatFileSize(request.signed.size, locale)} · <Hash value={request.signed.sha256} />
              </Fact>
            ) : null}
          </dl>
          {request.message ? (
            <div className="signing-message">
              <h3>{t('signingRequests.detail.message')}</h3>
              <blockquote className="signing-quote">{request.message}</blockquote>
            </div>
          ) : null}
        </section>
        <RecipientStages request={request} />
        <AuditTrail request={request} />
      </div>
      <PreviewDialog
        document={isPreviewing ? { id: request.id, name: `${request.title}.pdf` } : null}
        fileUrlOf={(id, { inline = false } = {}) => signingRequestFileUrl(id, previewVersion, { inline })}
        onClose={() => setIsPreviewing(false)}
      />
      <ConfirmDialog
        isOpen={isConfirmingCancel}
        title={t('signingRequests.cancel.title', { title: request.title })}
        confirmLabel={t('signingRequests.cancel.confirm')}
        cancelLabel={t('signingRequests.cancel.keep')}
        onConfirm={onConfirmCancel}
        onCancel={() => setIsConfirmingCancel(false)}
      >
        <p>{t('signingRequests.cancel.text')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={isConfirmingDelete}
        title={t('signingRequests.delete.title', { title: request.title })}
        confirmLabel={t('signingRequests.delete.confirm')}
        cancelLabel={t('signingRequests.delete.keep')}
        onConfirm={onConfirmDelete}
        onCancel={() => setIsConfirmingDelete(false)}
      >
        <p>{t('signingRequests.delete.intro')}</p>
        <ul>
          <li>{t(`signingRequests.delete.${request.signed ? 'copiesSigned' : 'copies'}`)}</li>
          <li>{t('signingRequests.delete.trail')}</li>
          <li>{t('signingRequests.delete.links')}</li>
        </ul>
        <p>
          {t(`signingRequests.delete.keeps.${request.source.kind}`, { name: request.source.name })}{' '}
          {t('signingRequests.delete.undo')}
        </p>
      </ConfirmDialog>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A SHA-256 as its start, the whole in the title (to compare with a file's own). */
function Hash({ value }: { value: string }) {
  return (
    <>
      SHA-256 <code title={value}>{value.slice(0, 12)}…</code>
    </>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

const names = (recipients: SigningRecipient[], locale: Locale) =>
  new Intl.ListFormat(intlLocales[locale], { type: 'conjunction' }).format(recipients.map(({ name }) => name));

/** What the status means for this request: whose turn it is, who refused and why, who withdrew it. */
function stateSentence(request: SigningRequest, locale: Locale, t: Translate): string {
  const key = (name: string) => `signingRequests.detail.state.${name}`;
  switch (request.status) {
    case 'sent': {
      const acting = request.recipients.filter(({ kind, status }) => kind !== 'cc' && status === 'open');
      return t(key('sent'), { names: names(acting, locale) });
    }
    case 'declined': {
      const refusing = request.recipients.find(({ status }) => status === 'declined' || status === 'rejected');
      return refusing
        ? t(key(refusing.status), { name: refusing.name, reason: refusing.declineReason ?? '' })
        : t(key('declinedBySomeone'));
    }
    case 'cancelled': {
      const event = request.events.find(({ type }) => type === 'cancelled');
      const byName = typeof event?.data.byName === 'string' ? event.data.byName : '';
      return byName ? t(key('cancelled'), { name: byName }) : t(key('cancelledBySomeone'));
    }
    default:
      return t(key(request.status));
  }
}
