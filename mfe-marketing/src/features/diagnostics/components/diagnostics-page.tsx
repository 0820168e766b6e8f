import { i18n, useSessionStore } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { getI18n, useTranslation } from 'react-i18next';
import './diagnostics-page.css';

/**
 * The test page: shows what this remote sees of the shell's shared state, so that a broken
 * singleton (a second React, store or i18n instance) is visible at a glance.
 */
export function DiagnosticsPage() {
  const { t } = useTranslation('marketing');
  const userName = useSessionStore((state) => state.user?.name);
  const clearSession = useSessionStore((state) => state.clear);
  const isSharedI18n = getI18n() === i18n;
  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.test.title')} description={t('pages.test.description')} />
      <dl className="diagnostics">
        <dt>{t('diagnostics.user')}</dt>
        <dd data-testid="diagnostics-user">{userName ?? t('diagnostics.noUser')}</dd>
        <dt>{t('diagnostics.language')}</dt>
        <dd data-testid="diagnostics-language">{i18n.language}</dd>
        <dt>{t('diagnostics.sharedI18n')}</dt>
        <dd data-testid="diagnostics-shared-i18n">{isSharedI18n ? t('diagnostics.yes') : t('diagnostics.no')}</dd>
        <dt>{t('diagnostics.commonMessage')}</dt>
        <dd data-testid="diagnostics-common">{t('common:nav.pricing')}</dd>
      </dl>
      {userName ? (
        <Button variant="secondary" onClick={clearSession}>
          {t('diagnostics.forgetSession')}
        </Button>
      ) : null}
    </>
  );
}
