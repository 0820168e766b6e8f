import type { AppDto, FormSummary } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { Button, ConfirmDialog, PageHeader } from '@formwerk/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { createApp, deleteApp, listApps, listBundlableForms, updateApp } from '../api/apps-api';
import { AppCard } from './app-card';
import { type AppDraft, AppForm } from './app-form';
import './apps.css';

/** Where the app templates page sends the author after creating an app, to say so here. */
export type AppsPageState = { createdName?: string };

/** /v1/apps: the team's apps, each bundling forms; made here from scratch or from an app template. */
export function AppsPage() {
  const { t } = useTranslation('forms');
  const location = useLocation();
  const [apps, setApps] = useState<AppDto[] | null>(null);
  const [forms, setForms] = useState<FormSummary[]>([]);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  // `null`: no form open; 'new': a new app; else the app being changed.
  const [editing, setEditing] = useState<AppDto | 'new' | null>(null);
  const [appToDelete, setAppToDelete] = useState<AppDto | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(() => {
    const createdName = (location.state as AppsPageState | null)?.createdName;
    return createdName ? t('apps.done.created', { name: createdName }) : null;
  });

  const load = useCallback(() => {
    setErrorKey(null);
    Promise.all([listApps(), listBundlableForms()]).then(
      ([appList, formList]) => {
        setApps(appList.apps);
        setForms(formList.forms);
      },
      (error: unknown) => setErrorKey(toErrorKey(error)),
    );
  }, []);
  useEffect(() => load(), [load]);

  const onSave = async (draft: AppDraft) => {
    setIsSaving(true);
    setErrorKey(null);
    try {
      const saved = editing === 'new' || !editing ? await createApp(draft) : await updateApp(editing.id, draft);
      setMessage(t(editing === 'new' ? 'apps.done.created' : 'apps.done.saved', { name: saved.name }));
      setEditing(null);
      load();
    } catch (error) {
      setErrorKey(toErrorKey(error));
    } finally {
      setIsSaving(false);
    }
  };

  const onConfirmDelete = async () => {
    const app = appToDelete;
    setAppToDelete(null);
    if (!app) return;
    try {
      await deleteApp(app.id);
      setMessage(t('apps.done.deleted', { name: app.name }));
      load();
    } catch (error) {
      setErrorKey(toErrorKey(error));
    }
  };

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.apps.title')}
        description={t('pages.apps.description')}
        actions={
          <>
            <Button onClick={() => setEditing('new')}>{t('apps.new')}</Button>
            <AppLink to="v1-apps-templates" className="ui-button ui-button--secondary">
              {t('apps.fromTemplate')}
            </AppLink>
          </>
        }
      />
      <p className="ui-hint" role="status">
        {message ?? ''}
      </p>
      {errorKey ? (
        <p className="ui-error" role="alert">
          {t(errorKey)}{' '}
          {!apps ? (
            <Button variant="secondary" onClick={load}>
              {t('retry')}
            </Button>
          ) : null}
        </p>
      ) : null}
      {editing ? (
        <AppForm
          key={editing === 'new' ? 'new' : editing.id}
          app={editing === 'new' ? undefined : editing}
          forms={forms}
          isSaving={isSaving}
          onSave={onSave}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {!apps && !errorKey ? <p className="ui-hint">{t('loading')}</p> : null}
      {apps?.length === 0 && !editing ? (
        <section className="ui-card ui-empty" aria-labelledby="apps-empty">
          <h2 id="apps-empty">{t('apps.empty.title')}</h2>
          <p>{t('apps.empty.text')}</p>
          <div className="ui-toolbar">
            <Button onClick={() => setEditing('new')}>{t('apps.new')}</Button>
            <AppLink to="v1-apps-templates" className="ui-button ui-button--secondary">
              {t('apps.fromTemplate')}
            </AppLink>
          </div>
        </section>
      ) : null}
      {apps && apps.length > 0 ? (
        <div className="forms-grid apps-grid">
          {apps.map((app) => (
            <AppCard key={app.id} app={app} onEdit={() => setEditing(app)} onDelete={() => setAppToDelete(app)} />
          ))}
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={appToDelete !== null}
        title={t('apps.delete.title', { name: appToDelete?.name })}
        confirmLabel={t('apps.delete.confirm')}
        cancelLabel={t('cancel')}
        onConfirm={onConfirmDelete}
        onCancel={() => setAppToDelete(null)}
      >
        <p>{t('apps.delete.text')}</p>
      </ConfirmDialog>
    </>
  );
}
