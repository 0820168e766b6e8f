import { AppLink } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { Eye, Redo2, Undo2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveAsTemplateButton } from '../../../components/save-as-template-button';
import { useFormBuilderStore } from '../stores/form-builder-store';

// The assistant comes with its own chunk, once the builder shows.
const FormAssistant = lazy(() =>
  import('../../form-assistant/components/form-assistant').then((module) => ({ default: module.FormAssistant })),
);

/** The assistant's button and panel: a proposal it applies replaces the form in one edit (one undo step). */
function BuilderAssistant() {
  const definition = useFormBuilderStore((state) => state.definition);
  const edit = useFormBuilderStore((state) => state.edit);
  if (!definition) return null;
  return (
    <Suspense fallback={null}>
      <FormAssistant definition={definition} onApply={(next) => edit(() => next)} />
    </Suspense>
  );
}

/** The form's title as the heading of the builder, edited in place. */
export function BuilderTitleInput() {
  const { t } = useTranslation('forms');
  const title = useFormBuilderStore((state) => state.definition?.title ?? '');
  const { edit } = useFormBuilderStore.getState();
  return (
    <>
      <label htmlFor="builder-title" className="ui-visually-hidden">
        {t('builder.titleLabel')}
      </label>
      <input
        id="builder-title"
        value={title}
        maxLength={200}
        aria-invalid={title.trim() === '' ? true : undefined}
        onChange={(event) =>
          edit((draft) => {
            draft.title = event.target.value;
          }, 'form:title')
        }
      />
    </>
  );
}

/** Whether the work is saved (in `savedLabel`'s words once it is), and undo and redo. */
export function BuilderHistory({ savedLabel }: { savedLabel?: string }) {
  const { t } = useTranslation('forms');
  const saveState = useFormBuilderStore((state) => state.saveState);
  const canUndo = useFormBuilderStore((state) => state.past.length > 0);
  const canRedo = useFormBuilderStore((state) => state.future.length > 0);
  const { undo, redo, save } = useFormBuilderStore.getState();
  return (
    <>
      <span className={`ui-save-status ui-save-status--${saveState}`} role="status">
        {saveState === 'saved' && savedLabel ? savedLabel : t(`builder.save.${saveState}`)}
      </span>
      {saveState === 'failed' ? (
        <Button variant="ghost" onClick={() => void save()}>
          {t('builder.save.retry')}
        </Button>
      ) : null}
      <Button
        variant="ghost"
        disabled={!canUndo}
        onClick={undo}
        aria-keyshortcuts="Control+Z"
        title={`${t('builder.undo')} (Ctrl+Z)`}
      >
        <Icon icon={Undo2} />
        <span className="ui-visually-hidden">{t('builder.undo')}</span>
      </Button>
      <Button
        variant="ghost"
        disabled={!canRedo}
        onClick={redo}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        title={`${t('builder.redo')} (Ctrl+Shift+Z)`}
      >
        <Icon icon={Redo2} />
        <span className="ui-visually-hidden">{t('builder.redo')}</span>
      </Button>
    </>
  );
}

/** Title, save state, undo/redo, preview and publishing: what the author needs in reach at all times. */
export function BuilderToolbar() {
  const { t } = useTranslation('forms');
  const formId = useFormBuilderStore((state) => state.formId);
  const saveState = useFormBuilderStore((state) => state.saveState);
  const status = useFormBuilderStore((state) => state.status);
  const version = useFormBuilderStore((state) => state.version);
  const publishedVersion = useFormBuilderStore((state) => state.publishedVersion);
  const hasUnsavedChanges = useFormBuilderStore((state) => state.revision !== state.savedRevision);
  const isPublishing = useFormBuilderStore((state) => state.isPublishing);
  const { setPublished } = useFormBuilderStore.getState();
  if (!formId) return null;

  const isPublished = status === 'published';
  const hasPendingChanges =
    isPublished && (hasUnsavedChanges || (publishedVersion !== null && publishedVersion < version));
  const statusKey = !isPublished ? 'draft' : hasPendingChanges ? 'pendingChanges' : 'published';

  return (
    <div className="ui-editor-toolbar builder-toolbar">
      <h1 className="ui-visually-hidden">{t('pages.form-builder.title')}</h1>
      <div className="ui-editor-toolbar__title">
        <BuilderTitleInput />
        <span className={`ui-badge${isPublished ? ' ui-badge--published' : ''}`}>
          {t(`builder.status.${statusKey}`)}
        </span>
      </div>
      <div className="ui-editor-toolbar__actions">
        <BuilderHistory />
        <BuilderAssistant />
        <SaveAsTemplateButton formId={formId} />
        <AppLink to="v1-preview-id" params={{ id: formId }} className="ui-button ui-button--secondary">
          <Icon icon={Eye} /> {t('builder.preview')}
        </AppLink>
        {isPublished ? (
          <Button variant="secondary" disabled={isPublishing} onClick={() => void setPublished(false)}>
            {t('builder.unpublish')}
          </Button>
        ) : null}
        {!isPublished || hasPendingChanges ? (
          <Button
            disabled={isPublishing || saveState === 'invalid' || saveState === 'conflict'}
            onClick={() => void setPublished(true)}
          >
            {isPublishing ? t('builder.publishing') : isPublished ? t('builder.publishChanges') : t('builder.publish')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
