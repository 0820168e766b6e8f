import { Button } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useFormBuilderStore } from '../stores/form-builder-store';

/** Why the work is not saved, when it is not: a conflict to resolve or problems to fix. */
export function BuilderNotices() {
  const { t } = useTranslation('forms');
  const saveState = useFormBuilderStore((state) => state.saveState);
  const problems = useFormBuilderStore((state) => state.problems);
  const errorKey = useFormBuilderStore((state) => state.errorKey);
  const { resolveConflict, select, definition } = useFormBuilderStore.getState();

  if (saveState === 'conflict') {
    return (
      <section className="ui-notice" role="alert" aria-labelledby="builder-conflict">
        <h2 id="builder-conflict">{t('builder.conflict.title')}</h2>
        <p>{t('builder.conflict.text')}</p>
        <div className="ui-toolbar">
          <Button variant="secondary" onClick={() => void resolveConflict('reload')}>
            {t('builder.conflict.reload')}
          </Button>
          <Button onClick={() => void resolveConflict('overwrite')}>{t('builder.conflict.overwrite')}</Button>
        </div>
      </section>
    );
  }
  if (saveState === 'invalid' && problems.length > 0) {
    return (
      <section className="ui-notice" role="alert" aria-labelledby="builder-problems">
        <h2 id="builder-problems">{t('builder.problems.title')}</h2>
        <ul>
          {problems.map((problem) => (
            <li key={`${problem.key}:${problem.elementId ?? 'form'}`}>
              {t(`builder.problems.${problem.key}`, { label: problem.label })}{' '}
              {problem.elementId ? (
                <button
                  type="button"
                  className="ui-link-button"
                  onClick={() => {
                    const elementId = problem.elementId ?? '';
                    const isPage = definition?.pages.some((page) => page.id === elementId);
                    select(isPage ? { kind: 'page', id: elementId } : { kind: 'field', id: elementId });
                  }}
                >
                  {t('builder.problems.show')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  if (errorKey && saveState === 'failed') {
    return (
      <p className="ui-notice ui-notice--error" role="alert">
        {t(errorKey)}
      </p>
    );
  }
  return null;
}
