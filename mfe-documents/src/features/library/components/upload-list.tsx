import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from '../hooks/use-uploads';
import { HiddenSuffix } from './hidden-suffix';

type UploadListProps = { items: UploadItem[]; onCancel: (key: string) => void; onDismiss: (key: string) => void };

/** Each file being uploaded with its own progress and a way to stop it; a refused one says why. */
export function UploadList({ items, onCancel, onDismiss }: UploadListProps) {
  const { t } = useTranslation('documents');
  if (items.length === 0) return null;
  return (
    <ul className="library-uploads" aria-label={t('library.upload.listLabel')}>
      {items.map((item) => {
        const percent = Math.round(item.share * 100);
        const quoted = t('library.quoted', { text: item.name });
        return (
          <li key={item.key} className={`library-upload library-upload--${item.status}`}>
            <div className="library-upload__row">
              <span className="library-upload__name" id={`${item.key}-name`}>
                {item.name}
              </span>
              {item.status === 'failed' ? null : (
                <span className="library-upload__state">
                  {item.status === 'waiting' ? t('library.upload.waiting') : t('library.upload.percent', { percent })}
                </span>
              )}
              {item.status === 'failed' ? (
                <Button variant="ghost" className="ui-button--small" onClick={() => onDismiss(item.key)}>
                  {t('library.upload.dismiss')}
                  <HiddenSuffix text={quoted} />
                </Button>
              ) : (
                <Button variant="ghost" className="ui-button--small" onClick={() => onCancel(item.key)}>
                  {t('library.upload.cancel')}
                  <HiddenSuffix text={quoted} />
                </Button>
              )}
            </div>
            {item.status === 'failed' ? (
              <p className="ui-error" role="alert">
                {item.problem}
              </p>
            ) : (
              <progress
                className="library-upload__progress"
                aria-labelledby={`${item.key}-name`}
                max={100}
                value={item.status === 'waiting' ? 0 : percent}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
