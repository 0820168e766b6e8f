import type { DocumentTemplateSummary } from '@formwerk/contracts';
import { Button, ConfirmDialog, Icon, ListPage } from '@formwerk/ui';
import { FilePlus } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination';
import { deleteTemplate, duplicateTemplate } from '../api/templates-api';
import { useTemplates } from '../hooks/use-templates';
import { toErrorKey } from '../utils/error-key';
import { NewTemplateDialog } from './new-template-dialog';
import { SendTemplateDialog } from './send-template-dialog';
import { TemplateTable } from './template-table';

const resultsId = 'templates-results';

type TemplateListProps = {
  page: number;
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
  /** The address of the editor of a template. */
  hrefOf: (templateId: string) => string;
  /** Opens the editor of a template just made. */
  onCreated: (templateId: string) => void;
};

/**
 * The team's signature templates, newest first, page by page: make one (of a library PDF or an upload),
 * open one to edit, send it for signature, duplicate or delete it. A team without templates is told
 * what they are for.
 */
export function TemplateList({ page, onPageChange, hrefOf, onCreated }: TemplateListProps) {
  const { t } = useTranslation('documents');
  const { list, errorKey, isLoading, reload } = useTemplates(page);
  const [message, setMessage] = useState('');
  const [actionErrorKey, setActionErrorKey] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [deleting, setDeleting] = useState<DocumentTemplateSummary | null>(null);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // A page past the end (its last template deleted, an old link) shows the last one.
  useEffect(() => {
    if (list && list.pageCount > 0 && page > list.pageCount) onPageChange(list.pageCount, { replace: true });
  }, [list, page, onPageChange]);

  const act = async (change: () => Promise<string>) => {
    setMessage('');
    setActionErrorKey(null);
    try {
      setMessage(await change());
      reload();
    } catch (error) {
      setActionErrorKey(toErrorKey(error));
    }
  };
  const onDuplicate = (template: DocumentTemplateSummary) =>
    act(async () => t('templates.duplicate.done', { name: (await duplicateTemplate(template.id)).name }));
  const onConfirmDelete = async (template: DocumentTemplateSummary) => {
    setDeleting(null);
    await act(async () => {
      await deleteTemplate(template.id);
      return t('templates.delete.done', { name: template.name });
    });
    // The row the focus was in is gone.
    resultsHeading.current?.focus();
  };

  const newButton = (
    <Button onClick={() => setIsCreating(true)}>
      <Icon icon={FilePlus} />
      {t('templates.new')}
    </Button>
  );
  const templates = list?.templates ?? [];
  let empty: ReactNode = null;
  if (list && templates.length === 0) {
    empty = (
      <>
        <h3>{t('templates.empty.title')}</h3>
        <p className="templates-empty-text">{t('templates.empty.what')}</p>
        <p className="templates-empty-text">{t('templates.empty.how')}</p>
        {newButton}
      </>
    );
  }

  return (
    <div className="templates">
      <ListPage
        eyebrow={t('area')}
        title={t('pages.document-templates.title')}
        description={t('templates.description')}
        actions={newButton}
        resultsId={resultsId}
        resultsTitle={list ? t('templates.count', { count: list.total }) : t('pages.document-templates.title')}
        resultsHeadingRef={resultsHeading}
        isLoading={isLoading}
        loadingText={t('templates.loading')}
        message={message}
        actionError={actionErrorKey ? t(actionErrorKey) : undefined}
        loadError={errorKey ? t(errorKey) : undefined}
        retryText={t('templates.retry')}
        onRetry={reload}
        empty={empty}
        footer={
          list ? <ListPagination page={list.page} pageCount={list.pageCount} onPageChange={onPageChange} /> : null
        }
      >
        {templates.length > 0 ? (
          <TemplateTable
            labelledBy={resultsId}
            templates={templates}
            isLoading={isLoading}
            hrefOf={hrefOf}
            onSend={(template) => setSendingId(template.id)}
            onDuplicate={(template) => void onDuplicate(template)}
            onDelete={setDeleting}
          />
        ) : null}
      </ListPage>
      <NewTemplateDialog
        isOpen={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(template) => {
          setIsCreating(false);
          onCreated(template.id);
        }}
      />
      <SendTemplateDialog templateId={sendingId} hrefOf={hrefOf} onClose={() => setSendingId(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('templates.delete.title', { name: deleting?.name })}
        confirmLabel={t('templates.delete.confirm')}
        cancelLabel={t('templates.cancel')}
        onConfirm={() => deleting && void onConfirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>{t('templates.delete.text')}</p>
      </ConfirmDialog>
    </div>
  );
}
