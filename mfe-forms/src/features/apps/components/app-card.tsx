import type { AppDto } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { appIconComponents } from './app-icons';

type AppCardProps = { app: AppDto; onEdit: () => void; onDelete: () => void };

/** One app: its look, its forms (each opening the builder), its submissions, and its actions. */
export function AppCard({ app, onEdit, onDelete }: AppCardProps) {
  const { t } = useTranslation('forms');
  return (
    <article className="ui-card apps-card" aria-labelledby={`app-${app.id}`}>
      <header className="apps-card__header">
        <span className={`apps-card__icon apps-color--${app.color}`}>
          <Icon icon={appIconComponents[app.icon]} size={24} />
        </span>
        <div>
          <h2 id={`app-${app.id}`}>{app.name}</h2>
          <p className="ui-hint">
            {t('apps.card.formCount', { count: app.forms.length })} ·{' '}
            {t('apps.card.submissionCount', { count: app.submissionCount })}
          </p>
        </div>
      </header>
      {app.forms.length > 0 ? (
        <ul className="apps-card__forms">
          {app.forms.map((form) => (
            <li key={form.id}>
              <AppLink to="v1-forms-id" params={{ id: form.id }}>
                {form.title}
              </AppLink>
              <span className={`ui-badge${form.status === 'published' ? ' ui-badge--published' : ''}`}>
                {t(`builder.status.${form.status}`)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ui-hint">{t('apps.card.noForms')}</p>
      )}
      <div className="ui-toolbar">
        <AppLink to="v1-apps-submissions" query={{ app: app.id }} className="ui-button ui-button--secondary">
          {t('apps.card.submissions')}
        </AppLink>
        <Button variant="ghost" onClick={onEdit} aria-label={t('apps.card.editNamed', { name: app.name })}>
          {t('apps.card.edit')}
        </Button>
        <Button variant="ghost" onClick={onDelete} aria-label={t('apps.card.deleteNamed', { name: app.name })}>
          {t('apps.card.delete')}
        </Button>
      </div>
    </article>
  );
}
