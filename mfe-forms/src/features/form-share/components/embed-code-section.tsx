import { useTranslation } from 'react-i18next';
import { toIframeSnippet, toScriptSnippet } from '../utils/share-links';
import { CopyField } from './copy-field';

type EmbedCodeSectionProps = { origin: string; link: string; title: string };

/**
 * The code that shows the form on another site: the frame, and the script that gives the frame the
 * form's height (the form page reports it; see shell/server/embed-script.ts).
 */
export function EmbedCodeSection({ origin, link, title }: EmbedCodeSectionProps) {
  const { t } = useTranslation('forms');
  return (
    <section className="ui-card forms-card--wide" aria-labelledby="form-share-embed">
      <h2 id="form-share-embed">{t('formShare.embed.title')}</h2>
      <p className="ui-hint">{t('formShare.embed.text')}</p>
      <CopyField
        label={t('formShare.embed.iframeLabel')}
        copyLabel={t('formShare.embed.copyIframe')}
        value={toIframeSnippet(link, title)}
        isMultiline
      />
      <CopyField
        label={t('formShare.embed.scriptLabel')}
        copyLabel={t('formShare.embed.copyScript')}
        value={toScriptSnippet(origin)}
        isMultiline
      />
    </section>
  );
}
