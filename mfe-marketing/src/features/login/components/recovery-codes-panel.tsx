import { Button } from '@formwerk/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The recovery codes, shown this once after the setup: to copy, to download as a text file, and then on
 * into the site. The heading takes focus, so a screen reader announces them.
 */
export function RecoveryCodesPanel({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const { t } = useTranslation('marketing');
  const heading = useRef<HTMLHeadingElement>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = `${codes.join('\n')}\n`;

  useEffect(() => heading.current?.focus(), []);

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopyState('copied'),
      () => setCopyState('failed'),
    );

  return (
    <div className="login-dialog__form">
      <h2 id="login-dialog-title" ref={heading} tabIndex={-1}>
        {t('login.recoveryCodes.title')}
      </h2>
      <p className="login-dialog__text">{t('login.recoveryCodes.text')}</p>
      <ul className="login-dialog__recovery-codes" aria-label={t('login.recoveryCodes.title')}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="login-dialog__row">
        <Button variant="secondary" onClick={copy}>
          {t('login.recoveryCodes.copy')}
        </Button>
        <a
          className="ui-button ui-button--secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={t('login.recoveryCodes.fileName')}
        >
          {t('login.recoveryCodes.download')}
        </a>
      </div>
      <output
        className={copyState === 'failed' ? 'login-dialog__error' : 'login-dialog__success'}
        hidden={copyState === 'idle'}
      >
        {copyState === 'failed' ? t('login.recoveryCodes.copyFailed') : t('login.recoveryCodes.copied')}
      </output>
      <Button onClick={onContinue}>{t('login.recoveryCodes.continue')}</Button>
    </div>
  );
}
