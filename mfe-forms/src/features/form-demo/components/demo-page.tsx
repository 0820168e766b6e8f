import type { FormDefinition, FormResponse } from '@formwerk/contracts';
import { useLocale } from '@formwerk/platform';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '../../../components/forms.css';
import '../../form-builder/components/form-builder.css';
import '../../form-preview/components/form-preview.css';
import { BuilderNotices } from '../../form-builder/components/builder-notices';
import { BuilderWorkspace } from '../../form-builder/components/builder-workspace';
import { useAutosave } from '../../form-builder/hooks/use-autosave';
import { useUndoShortcuts } from '../../form-builder/hooks/use-undo-shortcuts';
import { useFormBuilderStore } from '../../form-builder/stores/form-builder-store';
import { newId } from '../../form-builder/utils/create-field';
import { demoPersistence, toDemoForm } from '../api/demo-persistence';
import { createDemoFormId, readDemoDraft } from '../utils/demo-draft';
import { DemoFill } from './demo-fill';
import { DemoToolbar } from './demo-toolbar';
import { SignUpLink } from './sign-up-link';
import './form-demo.css';

type Mode = 'build' | 'fill';
const modes: readonly Mode[] = ['build', 'fill'];

/** Where the visit starts: the draft this browser keeps, or a small form to change (not stored until changed). */
function openDemo(starter: () => FormDefinition): { form: FormResponse; wasBroken: boolean } {
  const read = readDemoDraft();
  if (read.status === 'found') return { form: toDemoForm(read.draft), wasBroken: false };
  const form = toDemoForm({
    formId: createDemoFormId(),
    version: 1,
    definition: starter(),
    savedAt: new Date().toISOString(),
  });
  return { form, wasBroken: read.status === 'broken' };
}

/**
 * /demo: the real builder without an account, on a draft kept in this browser (nothing is stored on
 * the server), a way to fill the form as respondents would, and the sign-up that keeps it as the
 * first form (decision 033).
 */
export function DemoPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const [search, setSearch] = useSearchParams();
  const mode: Mode = search.get('mode') === 'fill' ? 'fill' : 'build';
  const [{ form, wasBroken }] = useState(() =>
    openDemo(() => ({
      title: t('demo.starter.title'),
      description: '',
      language: locale,
      pages: [
        {
          id: newId('p'),
          fields: [
            { id: newId('f'), type: 'shortText', label: t('demo.starter.name'), required: true },
            { id: newId('f'), type: 'email', label: t('demo.starter.email'), required: false },
          ],
        },
      ],
    })),
  );
  const isLoaded = useFormBuilderStore((state) => state.formId === form.id);
  const definition = useFormBuilderStore((state) => state.definition);
  useAutosave();
  useUndoShortcuts();

  useEffect(() => {
    useFormBuilderStore.getState().load(form, demoPersistence);
    // Declared after the autosave, so its last save to the browser runs first: then the builder
    // forgets the demo, and a team's form of the same id (once kept) loads from the api.
    return () => useFormBuilderStore.setState({ formId: null });
  }, [form]);

  return (
    <div className="form-demo">
      <header className="form-demo__intro">
        <div>
          <h1>{t('pages.demo.title')}</h1>
          <p>{t('pages.demo.description')}</p>
        </div>
        <SignUpLink />
      </header>
      {wasBroken ? (
        <p className="ui-notice" role="status">
          {t('demo.brokenDraft')}
        </p>
      ) : null}
      <fieldset className="form-demo__modes">
        <legend className="ui-visually-hidden">{t('demo.modes.label')}</legend>
        {modes.map((candidate) => (
          <button
            key={candidate}
            type="button"
            className={`ui-button ui-button--${candidate === mode ? 'primary' : 'secondary'}`}
            aria-pressed={candidate === mode}
            onClick={() => setSearch(candidate === 'fill' ? { mode: candidate } : {}, { replace: true })}
          >
            {t(`demo.modes.${candidate}`)}
          </button>
        ))}
      </fieldset>
      {!isLoaded || !definition ? (
        <p className="ui-hint" role="status">
          {t('loading')}
        </p>
      ) : mode === 'build' ? (
        <div className="ui-editor">
          <DemoToolbar />
          <BuilderNotices />
          <BuilderWorkspace />
        </div>
      ) : (
        <DemoFill definition={definition} />
      )}
    </div>
  );
}
