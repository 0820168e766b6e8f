import { Button, Icon } from '@formwerk/ui';
import { ArrowLeft, ArrowRight, Save, Send } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTemplatesStore } from '../stores/templates-store';
import { templateNameMaxLength } from '../utils/template-geometry';
import type { SendProblem } from '../utils/template-problems';

const sendProblemId = 'templates-send-problem';

type EditorToolbarProps = {
  backHref: string;
  /** Why it cannot be sent yet; the send button then only says so. */
  sendProblem: SendProblem | null;
  onSend: () => void;
};

/**
 * Sending: "Send" beside "Save" (a template), or "Next: recipients" (a document's fields). While
 * something stops it, the button stays in the tab order, marked unavailable and described by why;
 * pressing it shows the reason.
 */
function SendButton({ sendProblem, onSend }: Omit<EditorToolbarProps, 'backHref'>) {
  const { t } = useTranslation('documents');
  const mode = useTemplatesStore((state) => state.mode);
  const isSaving = useTemplatesStore((state) => state.saveState === 'saving');
  const reason = sendProblem ? t(sendProblem.key, sendProblem.values) : null;
  return (
    <>
      <Button
        variant={mode === 'template' ? 'secondary' : 'primary'}
        aria-disabled={reason || isSaving ? true : undefined}
        aria-describedby={reason ? sendProblemId : undefined}
        title={reason ?? undefined}
        onClick={() => !isSaving && onSend()}
      >
        {mode === 'template' ? (
          <>
            <Icon icon={Send} />
            {t('templates.send.button')}
          </>
        ) : (
          <>
            {t('templates.send.next')}
            <Icon icon={ArrowRight} />
          </>
        )}
      </Button>
      {reason ? (
        <span id={sendProblemId} hidden>
          {reason}
        </span>
      ) : null}
    </>
  );
}

/**
 * A template: back to the list, its name, whether it is saved, saving (also Ctrl+S) and sending. A
 * document to send: back to the library, its name, and on to the recipients.
 */
export function EditorToolbar({ backHref, sendProblem, onSend }: EditorToolbarProps) {
  const { t } = useTranslation('documents');
  const mode = useTemplatesStore((state) => state.mode);
  const name = useTemplatesStore((state) => state.draft?.name ?? '');
  const saveState = useTemplatesStore((state) => state.saveState);
  const { rename, save } = useTemplatesStore.getState();
  const title = mode === 'template' ? t('templates.editor.title') : t('templates.send.title');
  const backText = mode === 'template' ? t('templates.editor.back') : t('templates.send.back');

  // The tab and the history name the template, as a page header names its page.
  useEffect(() => {
    document.title = `${name.trim() || title} · ${t('area')}`;
  }, [name, title, t]);
  return (
    <div className="ui-editor-toolbar templates-toolbar">
      <div className="ui-editor-toolbar__title">
        <Link to={backHref} className="ui-button ui-button--ghost" title={backText}>
          <Icon icon={ArrowLeft} />
          <span className="ui-phone-hidden">{backText}</span>
        </Link>
        {mode === 'template' ? (
          <>
            <h1 className="ui-visually-hidden">{title}</h1>
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
          </>
        ) : (
          <h1 className="templates-toolbar__heading">
            {title}
            {name ? <span className="templates-toolbar__document">{name}</span> : null}
          </h1>
        )}
      </div>
      <div className="ui-editor-toolbar__actions">
        {mode === 'template' ? (
          <>
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
          </>
        ) : (
          <span className="ui-hint ui-phone-hidden">{t('templates.send.hint')}</span>
        )}
        <SendButton sendProblem={sendProblem} onSend={onSend} />
      </div>
    </div>
  );
}
