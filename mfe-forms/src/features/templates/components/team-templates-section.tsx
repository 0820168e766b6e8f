import type { TeamTemplateSummary } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { listTeamTemplates } from '../api/templates-api';

/** The team's own templates, saved from its forms; each opens its page to preview, use or delete it. */
export function TeamTemplatesSection() {
  const { t } = useTranslation('forms');
  const [templates, setTemplates] = useState<TeamTemplateSummary[] | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const load = useCallback(() => {
    setErrorKey(null);
    listTeamTemplates().then(
      (list) => setTemplates(list.templates),
      (error: unknown) => setErrorKey(toErrorKey(error)),
    );
  }, []);
  useEffect(load, [load]);

  return (
    <section className="templates-section" aria-labelledby="team-templates-title">
      <h2 id="team-templates-title">{t('templates.team.title')}</h2>
      {errorKey ? (
        <div className="ui-card">
          <p className="ui-error" role="alert">
            {t(errorKey)}
          </p>
          <Button variant="secondary" onClick={load}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {!templates && !errorKey ? (
        <p className="ui-hint" role="status">
          {t('loading')}
        </p>
      ) : null}
      {templates?.length === 0 ? (
        <div className="ui-card ui-empty">
          <p>{t('templates.team.empty')}</p>
          <p>{t('templates.team.emptyHow')}</p>
        </div>
      ) : null}
      {templates?.length ? (
        <ul className="forms-grid templates-list">
          {templates.map((template) => (
            <li key={template.id} className="ui-card templates-card">
              <h3>
                <AppLink to="v1-templates-id" params={{ id: template.id }}>
                  {template.name}
                </AppLink>
              </h3>
              {template.description ? <p className="ui-hint">{template.description}</p> : null}
              <p className="templates-card__meta">{t('templates.fieldCount', { count: template.fieldCount })}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
