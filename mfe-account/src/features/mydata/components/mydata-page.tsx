import { ApiError, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../../../components/account.css';
import { withAreaQueries } from '../../../query/area-queries';
import { toErrorKey } from '../../../utils/error-key';
import { usePersonalData } from '../api/mydata-queries';
import { erasedAtOf } from '../utils/erased-at';
import { PersonalData } from './personal-data';
import './mydata.css';

const isInvalidLink = (error: unknown) =>
  error instanceof ApiError && error.status === 404 && (error.code === 'LINK_INVALID' || error.code === 'NOT_FOUND');

/**
 * /mydata/{token}: a respondent's own answers behind the private link they got after submitting (decision
 * 031), to read, download as JSON and erase. No account: the token is the key, so the page says as much.
 */
function MydataContent() {
  const { t } = useTranslation('account');
  const { id: token = '' } = useParams();
  const [erasedAt, setErasedAt] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('pages.mydata.title')} description={t('pages.mydata.description')} />
      {erasedAt ? <ErasedNotice erasedAt={erasedAt} /> : <PersonalDataLoader token={token} onErased={setErasedAt} />}
    </>
  );
}

export const MydataPage = withAreaQueries(MydataContent);

function PersonalDataLoader({ token, onErased }: { token: string; onErased: (erasedAt: string) => void }) {
  const { t } = useTranslation('account');
  const data = usePersonalData(token);
  if (data.data) return <PersonalData token={token} data={data.data} onErased={onErased} />;
  const erasedAt = erasedAtOf(data.error);
  if (erasedAt) return <ErasedNotice erasedAt={erasedAt} />;
  if (isInvalidLink(data.error)) {
    return (
      <section className="account-card account-card--narrow" aria-labelledby="mydata-invalid">
        <h2 id="mydata-invalid">{t('mydata.invalid.title')}</h2>
        <p>{t('mydata.invalid.text')}</p>
      </section>
    );
  }
  return (
    <section className="account-card account-card--narrow">
      {data.error ? (
        <div className="account-card__actions">
          <p role="alert">{t(toErrorKey(data.error))}</p>
          <Button variant="secondary" onClick={() => void data.refetch()}>
            {t('mydata.retry')}
          </Button>
        </div>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </section>
  );
}

/** The end state: said once, with the date, and focused, since the button that led here is gone. */
function ErasedNotice({ erasedAt }: { erasedAt: string }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="account-card account-card--narrow" aria-labelledby="mydata-erased">
      <h2 id="mydata-erased" ref={headingRef} tabIndex={-1}>
        {t('mydata.erased.title')}
      </h2>
      <p>{t('mydata.erased.text', { date: formatDateTime(new Date(erasedAt), locale) })}</p>
    </section>
  );
}
