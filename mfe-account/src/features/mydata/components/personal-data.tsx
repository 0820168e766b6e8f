import type { PersonalDataResponse } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { Button, ConfirmDialog } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { exportUrlOf, fileUrlOf } from '../api/mydata-api';
import { useErasePersonalData } from '../api/mydata-queries';
import { erasedAtOf } from '../utils/erased-at';

type Props = { token: string; data: PersonalDataResponse; onErased: (erasedAt: string) => void };

/** What the respondent sent, as the form asked it, then the two things they may do with it. */
export function PersonalData({ token, data, onErased }: Props) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  return (
    <div className="mydata">
      <p className="mydata__intro">{t('mydata.intro')}</p>
      <section className="account-card" aria-labelledby="mydata-answers">
        <dl className="mydata__facts">
          <div>
            <dt>{t('mydata.form')}</dt>
            <dd lang={data.language}>{data.formTitle}</dd>
          </div>
          <div>
            <dt>{t('mydata.submittedAt')}</dt>
            <dd>{formatDateTime(new Date(data.submittedAt), locale)}</dd>
          </div>
          {data.reference ? (
            <div>
              <dt>{t('mydata.reference')}</dt>
              <dd>{data.reference}</dd>
            </div>
          ) : null}
          {data.workflow ? (
            <div>
              <dt lang={data.language}>{t('mydata.workflow', { name: data.workflow.name })}</dt>
              <dd>{t(`mydata.workflowStatus.${data.workflow.status}`)}</dd>
            </div>
          ) : null}
        </dl>
        <h2 id="mydata-answers">{t('mydata.answers')}</h2>
        {data.answers.length > 0 ? (
          <dl className="mydata__answers" lang={data.language}>
            {data.answers.map((answer) => (
              <div key={answer.fieldId}>
                <dt>{answer.label}</dt>
                <dd>{answer.text}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>{t('mydata.noAnswers')}</p>
        )}
        {data.files.length > 0 ? (
          <>
            <h2>{t('mydata.files')}</h2>
            <ul className="mydata__files">
              {data.files.map((file) => (
                <li key={file.fileId}>
                  <span className="mydata__file-name">{file.name}</span>
                  <a
                    href={fileUrlOf(token, file.fileId)}
                    download={file.name}
                    aria-label={t('mydata.downloadFile', { name: file.name })}
                  >
                    {t('mydata.download')}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <div className="account-grid">
        <section className="account-card" aria-labelledby="mydata-export">
          <h2 id="mydata-export">{t('mydata.export.title')}</h2>
          <p>{t('mydata.export.text')}</p>
          <div className="account-card__actions">
            <a className="ui-button ui-button--secondary" href={exportUrlOf(token)} download>
              {t('mydata.export.action')}
            </a>
          </div>
        </section>
        <Erasure token={token} formTitle={data.formTitle} onErased={onErased} />
      </div>
    </div>
  );
}

/** Erasing is asked first (the dialog names the form); a link erased meanwhile ends in the same state. */
function Erasure({ token, formTitle, onErased }: { token: string; formTitle: string; onErased: Props['onErased'] }) {
  const { t } = useTranslation('account');
  const erasure = useErasePersonalData(token);
  const [isAsking, setIsAsking] = useState(false);
  const [errorKey, setErrorKey] = useState<string>();

  const confirm = () => {
    setIsAsking(false);
    setErrorKey(undefined);
    erasure.mutate(undefined, {
      onSuccess: ({ erasedAt }) => onErased(erasedAt),
      onError: (error) => {
        const erasedAt = erasedAtOf(error);
        if (erasedAt) onErased(erasedAt);
        else setErrorKey(toErrorKey(error));
      },
    });
  };

  return (
    <section className="account-card" aria-labelledby="mydata-erase">
      <h2 id="mydata-erase">{t('mydata.erase.title')}</h2>
      <p>{t('mydata.erase.text')}</p>
      {errorKey ? <p role="alert">{t(errorKey)}</p> : null}
      <div className="account-card__actions">
        <Button
          variant="secondary"
          className="ui-button--danger"
          onClick={() => setIsAsking(true)}
          disabled={erasure.isPending}
        >
          {erasure.isPending ? t('mydata.erase.erasing') : t('mydata.erase.action')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isAsking}
        title={t('mydata.erase.confirmTitle')}
        confirmLabel={t('mydata.erase.confirm')}
        cancelLabel={t('mydata.erase.cancel')}
        onConfirm={confirm}
        onCancel={() => setIsAsking(false)}
      >
        <p>{t('mydata.erase.confirmText', { form: formTitle })}</p>
      </ConfirmDialog>
    </section>
  );
}
