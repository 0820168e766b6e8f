import { formatDateTime, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { TextSetting } from './setting-inputs';

/** With nothing selected, the inspector shows the workflow itself: what it is for and which forms start it. */
export function WorkflowSettings() {
  const { t } = useTranslation('approvals');
  const description = useWorkflowEditorStore((state) => state.draft?.description ?? '');
  const formIds = useWorkflowEditorStore((state) => state.draft?.formIds);
  const teamForms = useWorkflowEditorStore((state) => state.teamForms);
  const versions = useWorkflowEditorStore((state) => state.versions);
  const locale = useLocale();
  const { edit, setForms } = useWorkflowEditorStore.getState();
  if (!formIds) return null;
  // A form attached but not among the team's active ones (archived since) stays listed, to be removed.
  const forms = [
    ...teamForms,
    ...formIds
      .filter((formId) => !teamForms.some((form) => form.id === formId))
      .map((formId) => ({ id: formId, title: t('workflows.settings.unknownForm') })),
  ];

  return (
    <>
      <h3>{t('workflows.settings.title')}</h3>
      <TextSetting
        label={t('workflows.settings.description')}
        value={description}
        isMultiline
        maxLength={1000}
        onChange={(value) =>
          edit((draft) => {
            draft.description = value;
          }, 'workflow:description')
        }
      />
      <fieldset className="ui-fieldset">
        <legend>{t('workflows.settings.forms')}</legend>
        <p className="ui-hint">{t('workflows.settings.formsHint')}</p>
        {forms.length === 0 ? <p className="ui-hint">{t('workflows.settings.noForms')}</p> : null}
        <ul className="workflow-inspector-list">
          {forms.map((form) => (
            <li key={form.id}>
              <label className="ui-field ui-field--inline">
                <input
                  type="checkbox"
                  checked={formIds.includes(form.id)}
                  onChange={(event) =>
                    setForms(
                      event.target.checked ? [...formIds, form.id] : formIds.filter((formId) => formId !== form.id),
                    )
                  }
                />
                {form.title}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <section className="ui-fieldset" aria-labelledby="workflow-versions">
        <h4 id="workflow-versions">{t('workflows.settings.versions')}</h4>
        {versions.length === 0 ? (
          <p className="ui-hint">{t('workflows.settings.noVersions')}</p>
        ) : (
          <ul className="workflow-inspector-list">
            {versions.map((version) => (
              <li key={version.version}>
                {t('workflows.settings.versionLine', {
                  version: version.version,
                  at: formatDateTime(new Date(version.publishedAt), locale),
                  by: version.publishedBy,
                })}
              </li>
            ))}
          </ul>
        )}
        <p className="ui-hint">{t('workflows.settings.versionsHint')}</p>
      </section>
      <p className="ui-hint">{t('workflows.settings.selectHint')}</p>
    </>
  );
}
