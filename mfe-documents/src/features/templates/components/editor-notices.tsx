import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useTemplatesStore } from '../stores/templates-store';

/**
 * Why the template is not saved, and what to do: someone saved it meanwhile (take theirs, or save mine
 * over it), something to fix first, or a save that failed (try again).
 */
export function EditorNotices({ problemCount }: { problemCount: number }) {
  const { t } = useTranslation('documents');
  const saveState = useTemplatesStore((state) => state.saveState);
  const errorKey = useTemplatesStore((state) => state.errorKey);
  const { resolveConflict, save } = useTemplatesStore.getState();
  if (saveState === 'conflict') {
    return (
      <div className="ui-notice ui-notice--error templates-notice" role="alert">
        <h2>{t('templates.conflict.title')}</h2>
        <p>{t('templates.conflict.text')}</p>
        <div className="templates-notice__actions">
          <Button variant="secondary" onClick={() => void resolveConflict('reload')}>
            {t('templates.conflict.reload')}
          </Button>
          <Button onClick={() => void resolveConflict('overwrite')}>{t('templates.conflict.overwrite')}</Button>
        </div>
        {errorKey && errorKey !== 'templates.errors.VERSION_CONFLICT' ? <p>{t(errorKey)}</p> : null}
      </div>
    );
  }
  if (saveState === 'invalid' && problemCount > 0) {
    return (
      <p className="ui-notice ui-notice--error templates-notice" role="alert">
        {t('templates.problems.summary', { count: problemCount })}
      </p>
    );
  }
  if (saveState === 'failed' && errorKey) {
    return (
      <div className="ui-notice ui-notice--error templates-notice" role="alert">
        <p>{t(errorKey)}</p>
        <Button variant="secondary" onClick={() => void save()}>
          {t('templates.save.retry')}
        </Button>
      </div>
    );
  }
  return null;
}
