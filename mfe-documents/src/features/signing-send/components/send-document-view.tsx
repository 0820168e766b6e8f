import type { DocumentListResponse } from '@formwerk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { documentFileUrl, findDocument } from '../../library/api/library-api';
import { libraryQueryKey } from '../../library/hooks/use-library';
import { toErrorKey } from '../../library/utils/error-key';
import { DocumentSendEditor } from '../../templates/components/template-editor';

/**
 * /v1/documents?send={documentId}: a document of the library sent for signature without a template.
 * Its fields and roles are placed in the template editor (in its `send` mode, stored nowhere), then
 * "Next: recipients" opens the send dialog. Its name and pages come from the library's lists when they
 * are at hand (the usual way here, its row's action), else from the api (the address opened anew).
 */
export function SendDocumentView({ documentId }: { documentId: string }) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  // Back to the folder, search and page the document was chosen in.
  const libraryQuery = new URLSearchParams(search);
  libraryQuery.delete('send');
  const libraryHref = `${pathname}${libraryQuery.size > 0 ? `?${libraryQuery}` : ''}`;
  // Read once per document: a list read again later must not start the placing over.
  const listed = useMemo(() => {
    const lists = queryClient.getQueriesData<DocumentListResponse>({ queryKey: libraryQueryKey });
    const found = lists.flatMap(([, list]) => list?.documents ?? []).find((document) => document.id === documentId);
    return found ? { name: found.name, pageCount: found.pageCount } : null;
  }, [queryClient, documentId]);
  const read = useQuery({
    queryKey: [...libraryQueryKey, 'document', documentId],
    queryFn: () => findDocument(documentId),
    enabled: listed === null,
  });
  const known = listed ?? (read.data ? { name: read.data.name, pageCount: read.data.pageCount } : null);

  if (!known) {
    return read.isError ? (
      <div className="ui-card">
        <p role="alert">{t(toErrorKey(read.error))}</p>
        <Link to={libraryHref}>{t('templates.send.back')}</Link>
      </div>
    ) : (
      <p role="status">{t('library.loading')}</p>
    );
  }
  return (
    <DocumentSendEditor
      documentId={documentId}
      known={known}
      fileUrl={documentFileUrl(documentId, { inline: true })}
      libraryHref={libraryHref}
    />
  );
}
