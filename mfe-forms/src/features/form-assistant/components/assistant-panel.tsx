import { applyChanges, diffDefinitions, type FormDefinition } from '@formwerk/contracts';
import { FormView } from '@formwerk/form-renderer';
import '@formwerk/form-renderer/form-view.css';
import { useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormAssistantStore } from '../stores/form-assistant-store';
import { ChangeList } from './change-list';
import './form-assistant.css';

/** The panel's element, which the button that opens it controls. */
export const assistantPanelId = 'form-assistant';

type AssistantPanelProps = {
  /** The form as it is in the builder: what proposals are compared with and applied to. */
  definition: FormDefinition;
  /** Takes the form with the changes the author chose; the builder makes it one step to undo. */
  onApply: (definition: FormDefinition) => void;
  onClose: () => void;
  panelRef?: Ref<HTMLElement>;
};

/** Where the request stands, in words for the status line. */
function useStatusText(changeCount: number): string {
  const { t } = useTranslation('forms');
  const isWorking = useFormAssistantStore((state) => state.isWorking);
  const progress = useFormAssistantStore((state) => state.progress);
  const outcome = useFormAssistantStore((state) => state.outcome);
  const hasProposal = useFormAssistantStore((state) => state.proposal !== null);
  const hasError = useFormAssistantStore((state) => state.error !== null);
  if (isWorking) {
    if (progress?.stage === 'receiving') return t('assistant.status.receiving', { count: progress.fieldCount ?? 0 });
    if (progress?.stage === 'waiting' || progress?.stage === 'validating')
      return t(`assistant.status.${progress.stage}`);
    return t('assistant.status.started');
  }
  if (outcome?.kind === 'applied') return t('assistant.status.applied', { count: outcome.count });
  if (outcome?.kind === 'cancelled') return t('assistant.status.cancelled');
  if (!hasProposal || hasError) return '';
  return changeCount === 0 ? t('assistant.status.noChanges') : t('assistant.status.ready', { count: changeCount });
}

/**
 * The builder's assistant: a description in words becomes a proposed form, shown as a preview and as
 * a checklist of changes against the form; all or the chosen ones are applied through `onApply`.
 * Follow-ups refine the proposal. A side panel on a desktop, a sheet at the bottom on a phone.
 */
export function AssistantPanel({ definition, onApply, onClose, panelRef }: AssistantPanelProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const provider = useFormAssistantStore((state) => state.provider);
  const isProviderFailed = useFormAssistantStore((state) => state.isProviderFailed);
  const turns = useFormAssistantStore((state) => state.turns);
  const proposal = useFormAssistantStore((state) => state.proposal);
  const isWorking = useFormAssistantStore((state) => state.isWorking);
  const error = useFormAssistantStore((state) => state.error);
  const excluded = useFormAssistantStore((state) => state.excluded);
  const { loadProvider, ask, cancel, toggleChange, excludeChanges, markApplied, failApply, startOver } =
    useFormAssistantStore.getState();
  const [description, setDescription] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const proposalHeading = useRef<HTMLHeadingElement>(null);
  const changes = useMemo(
    () => (proposal ? diffDefinitions(definition, proposal.definition) : []),
    [definition, proposal],
  );
  const chosenIds = changes.map((change) => change.id).filter((id) => !excluded.has(id));
  const statusText = useStatusText(changes.length);

  useEffect(() => {
    void loadProvider();
  }, [loadProvider]);

  // A new proposal is where the author goes next: its heading takes focus (the status line says it is there).
  useEffect(() => {
    if (proposal) proposalHeading.current?.focus();
  }, [proposal]);

  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (isWorking || !description.trim()) return;
    // The words stay in the box until they brought a proposal: after an error or a cancel they are sent again.
    void ask(description.trim(), definition).then(() => {
      if (useFormAssistantStore.getState().proposal !== proposal) setDescription('');
    });
  };

  const apply = (ids: readonly string[]) => {
    if (!proposal) return;
    const result = applyChanges(definition, proposal.definition, ids);
    if (!result) return failApply();
    onApply(result);
    markApplied(ids.length);
    textarea.current?.focus();
  };

  const isRefining = proposal !== null;
  return (
    <aside
      ref={panelRef}
      id={assistantPanelId}
      className="ui-panel ui-panel--sheet assistant-panel"
      aria-labelledby="assistant-title"
      data-open
    >
      <div className="ui-panel__header">
        <h2 id="assistant-title">{t('assistant.title')}</h2>
        <Button variant="secondary" onClick={onClose}>
          {t('assistant.close')}
        </Button>
      </div>
      <div className="assistant-panel__provider">
        {provider?.mode === 'model' ? (
          <>
            <p className="ui-badge ui-badge--info">
              {t('assistant.provider.model', { model: provider.model, host: provider.host })}
            </p>
            <p className="ui-hint">{t('assistant.provider.modelNote', { host: provider.host })}</p>
          </>
        ) : provider?.mode === 'offline' ? (
          <>
            <p className="ui-badge">{t('assistant.provider.offline')}</p>
            <p className="ui-hint">{t('assistant.provider.offlineNote')}</p>
          </>
        ) : (
          <p className="ui-hint">{t(isProviderFailed ? 'assistant.provider.failed' : 'assistant.provider.loading')}</p>
        )}
      </div>
      {turns.length > 0 ? (
        <ol className="assistant-panel__turns" aria-label={t('assistant.conversation')}>
          {turns.map((turn) => (
            <li key={turn.id} className={`assistant-panel__turn assistant-panel__turn--${turn.role}`}>
              <span className="ui-visually-hidden">
                {t(turn.role === 'user' ? 'assistant.you' : 'assistant.answer')}{' '}
              </span>
              {turn.text}
            </li>
          ))}
        </ol>
      ) : null}
      <form className="assistant-panel__form" onSubmit={onSubmit}>
        <div className="ui-field">
          <label htmlFor="assistant-description">
            {t(isRefining ? 'assistant.refineLabel' : 'assistant.describeLabel')}
          </label>
          <textarea
            ref={textarea}
            id="assistant-description"
            rows={isRefining ? 2 : 4}
            maxLength={4000}
            value={description}
            aria-describedby="assistant-description-hint"
            onChange={(event) => setDescription(event.target.value)}
            onKeyDown={(event) => {
              // Ctrl+Enter (⌘+Enter) sends, as in chat boxes; Enter alone is a new line.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSubmit(event);
            }}
          />
          <span id="assistant-description-hint" className="ui-field__hint ui-hint">
            {t(isRefining ? 'assistant.refineHint' : 'assistant.describeHint')}
          </span>
        </div>
        <div className="ui-toolbar">
          <Button type="submit" aria-disabled={isWorking || !description.trim()}>
            {t(isRefining ? 'assistant.refine' : 'assistant.propose')}
          </Button>
          {isWorking ? (
            <Button
              variant="secondary"
              onClick={() => {
                cancel();
                textarea.current?.focus();
              }}
            >
              {t('assistant.cancel')}
            </Button>
          ) : null}
          {isRefining && !isWorking ? (
            <Button
              variant="ghost"
              onClick={() => {
                startOver();
                setDescription('');
                textarea.current?.focus();
              }}
            >
              {t('assistant.startOver')}
            </Button>
          ) : null}
        </div>
      </form>
      <p className="assistant-panel__status" role="status">
        {statusText}
      </p>
      {error ? (
        <p className="ui-notice ui-notice--error" role="alert">
          {t(error.key, error.values)}
        </p>
      ) : null}
      {proposal ? (
        <section className="assistant-panel__proposal" aria-labelledby="assistant-proposal-title">
          <h3 id="assistant-proposal-title" ref={proposalHeading} tabIndex={-1}>
            {t('assistant.proposal.title')}{' '}
            {proposal.provider.mode === 'offline' ? (
              <span className="ui-badge">{t('assistant.proposal.offline')}</span>
            ) : null}
          </h3>
          {proposal.explanation ? <p>{proposal.explanation}</p> : null}
          {changes.length > 0 ? (
            <>
              <ChangeList
                changes={changes}
                current={definition}
                proposed={proposal.definition}
                excluded={excluded}
                onToggle={toggleChange}
                onExclude={excludeChanges}
              />
              <div className="ui-toolbar">
                <Button onClick={() => apply(changes.map((change) => change.id))}>
                  {t('assistant.proposal.applyAll')}
                </Button>
                <Button variant="secondary" disabled={chosenIds.length === 0} onClick={() => apply(chosenIds)}>
                  {t('assistant.proposal.applySelected', { count: chosenIds.length })}
                </Button>
              </div>
            </>
          ) : null}
          <details className="assistant-panel__preview">
            <summary>{t('assistant.proposal.preview')}</summary>
            <p className="ui-hint">{t('assistant.proposal.previewNotice')}</p>
            <div className="fw-page__card">
              <FormView definition={proposal.definition} locale={locale} isPreview titleLevel={2} />
            </div>
          </details>
        </section>
      ) : null}
    </aside>
  );
}
