import { Button, Icon } from '@formwerk/ui';
import { ArrowLeft, Save } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTemplatesStore } from '../stores/templates-store';
import { templateNameMaxLength } from '../utils/template-geometry';

/** Back to the list, the template's name, whether it is saved, and saving (also Ctrl+S). */
export function EditorToolbar({ listHref }: { listHref: string }) {
  const { t } = useTranslation('documents');
  const name = useTemplatesStore((state) => state.draft?.name ?? '');
  const saveState = useTemplatesStore((state) => state.saveState);
  const { rename, save } = useTemplatesStore.getState();

  // The tab and the history name the template, as a page header names its page.
  useEffect(() => {
    document.title = `${name.trim() || t('templates.editor.title')} · ${t('area')}`;
  }, [name, t]);
  return (
    <div className="ui-editor-toolbar templates-toolbar">
      <h1 className="ui-visually-hidden">{t('templates.editor.title')}</h1>
      <div className="ui-editor-toolbar__title">
        <Link to={listHref} className="ui-button ui-button--ghost" title={t('templates.editor.back')}>
          <Icon icon={ArrowLeft} />
          <span className="ui-phone-hidden">{t('templates.editor.back')}</span>
        </Link>
        <label htmlFor="templates-name" className="ui-visually-hidden">
          {t('templates.editor.name')}
        </label>
        <input
          id="templates-name"
          value={name}
          maxLength={templateNameMaxLength}
          autoComplete="off"
          aria-invalid={name.trim() === '' ? true : undefined}
          onChange={(event) => rename(event.target.value)}
        />
      </div>
      <div className="ui-editor-toolbar__actions">
        <span className={`ui-save-status ui-save-status--${saveState}`} role="status">
          {t(`templates.save.${saveState}`)}
        </span>
        <Button
          disabled={saveState === 'saving' || saveState === 'conflict'}
          aria-keyshortcuts="Control+S Meta+S"
          onClick={() => void save()}
        >
          <Icon icon={Save} />
          {t('templates.save.button')}
        </Button>
      </div>
    </div>
  );
}
