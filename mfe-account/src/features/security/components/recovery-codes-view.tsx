import { Button } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Recovery codes, shown this once: to copy, or to download as a text file, with what they are for. Each
 * stands in for the app's code once.
 */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const { t } = useTranslation('account');
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = `${codes.join('\n')}\n`;

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopyState('copied'),
      () => setCopyState('failed'),
    );

  return (
    <div className="security-recovery">
      <p>{t('security.recoveryCodes.text')}</p>
      <ul className="security-recovery__codes" aria-label={t('security.recoveryCodes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="ui-toolbar">
        <Button variant="secondary" onClick={copy}>
          {t('security.recoveryCodes.copy')}
        </Button>
        <a
          className="ui-button ui-button--secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={t('security.recoveryCodes.fileName')}
        >
          {t('security.recoveryCodes.download')}
        </a>
      </div>
      <p role="status" className={copyState === 'failed' ? 'ui-error' : 'ui-hint'}>
        {copyState === 'idle' ? '' : t(`security.recoveryCodes.${copyState}`)}
      </p>
    </div>
  );
}
