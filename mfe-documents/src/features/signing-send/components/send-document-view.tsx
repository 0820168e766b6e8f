import type { DocumentListResponse } from '@formwerk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { documentFileUrl } from '../../library/api/library-api';
import { libraryQueryKey } from '../../library/hooks/use-library';
import { DocumentSendEditor } from '../../templates/components/template-editor';

/**
 * /v1/documents?send={documentId}: a document of the library sent for signature without a template.
 * Its fields and roles are placed in the template editor (in its `send` mode, stored nowhere), then
 * "Next: recipients" opens the send dialog. Its name and pages come from the library's lists when they
 * are at hand (the usual way here, its row's action); else the pages are read from the PDF, and the
 * request is titled by the api with the document's name.
 */
export function SendDocumentView({ documentId }: { documentId: string }) {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  // Back to the folder, search and page the document was chosen in.
  const libraryQuery = new URLSearchParams(search);
  libraryQuery.delete('send');
  const libraryHref = `${pathname}${libraryQuery.size > 0 ? `?${libraryQuery}` : ''}`;
  // Read once per document: a list read again later must not start the placing over.
  const known = useMemo(() => {
    const lists = queryClient.getQueriesData<DocumentListResponse>({ queryKey: libraryQueryKey });
    const found = lists.flatMap(([, list]) => list?.documents ?? []).find((document) => document.id === documentId);
    return found ? { name: found.name, pageCount: found.pageCount } : null;
  }, [queryClient, documentId]);
  return (
    <DocumentSendEditor
      documentId={documentId}
      known={known}
      fileUrl={documentFileUrl(documentId, { inline: true })}
      libraryHref={libraryHref}
    />
  );
}
