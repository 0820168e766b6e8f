import type { FormResponse } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { publishForm } from '../api/form-share-api';

type PublishNoticeProps = { form: FormResponse; onPublished: (form: FormResponse) => void };

/** What keeps the link from showing the form as it is now, and the way to change that. */
export function PublishNotice({ form, onPublished }: PublishNoticeProps) {
  const { t } = useTranslation('forms');
  const [isPublishing, setIsPublishing] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  // Archived forms are off the link; they come back by being restored in the list of archived forms.
  if (form.isArchived) {
    return (
      <section className="form-share-notice" aria-labelledby="form-share-notice">
        <h2 id="form-share-notice">{t('formShare.notice.archivedTitle')}</h2>
        <p>{t('formShare.notice.archivedText')}</p>
      </section>
    );
  }
  const isDraft = form.status === 'draft';
  const hasUnpublishedChanges = !isDraft && form.publishedVersion !== null && form.publishedVersion < form.version;
  if (!isDraft && !hasUnpublishedChanges) return null;

  const onPublish = async () => {
    setIsPublishing(true);
    setErrorKey(null);
    try {
      onPublished(await publishForm(form.id));
    } catch (error) {
      setErrorKey(toErrorKey(error));
    } finally {
      setIsPublishing(false);
    }
  };

  return (
    <section className="form-share-notice" aria-labelledby="form-share-notice">
      <h2 id="form-share-notice">{t(isDraft ? 'formShare.notice.draftTitle' : 'formShare.notice.changesTitle')}</h2>
      <p>{t(isDraft ? 'formShare.notice.draftText' : 'formShare.notice.changesText')}</p>
      <div className="ui-toolbar">
        <Button onClick={onPublish} disabled={isPublishing}>
          {isPublishing
            ? t('formShare.notice.publishing')
            : t(isDraft ? 'formShare.notice.publish' : 'formShare.notice.publishChanges')}
        </Button>
        {errorKey ? (
          <span role="alert" className="ui-error">
            {t(errorKey)}
          </span>
        ) : null}
      </div>
    </section>
  );
}
