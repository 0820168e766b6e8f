import { type FormDefinition, type FormDocument, formDocumentMaxMb } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { Button, ConfirmDialog, PageHeader, TableFrame } from '@formwerk/ui';
import { type DragEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormTabs } from '../../../components/form-tabs';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { deleteDocument, findForm, listDocuments, uploadDocument } from '../api/form-documents-api';
import './form-documents.css';
import { FormSigningSection } from './form-signing-section';

const accept = '.pdf,.docx,.xlsx,.png,.jpg,.jpeg';
const megabyte = 1024 * 1024;
// The codes an upload can answer with that this page explains in its own words.
const uploadErrorCodes = new Set([
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'STORAGE_LIMIT_REACHED',
  'NETWORK',
  'NOT_FOUND',
  'FORBIDDEN',
]);

/**
 * /v1/forms/{id}/documents: the document each submission sends for signature, and files of the form that
 * respondents receive, uploaded by the team.
 */
export function FormDocumentsPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const { id = '' } = useParams();
  const inputId = useId();
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [documents, setDocuments] = useState<FormDocument[] | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [uploads, setUploads] = useState<Record<string, number>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [isDragOver, setIsDragOver] = useState(false);
  const [documentToDelete, setDocumentToDelete] = useState<FormDocument | null>(null);
  const [message, setMessage] = useState('');

  const load = useCallback(() => {
    setErrorKey(null);
    Promise.all([findForm(id), listDocuments(id)]).then(
      ([form, list]) => {
        setDefinition(form.definition);
        setDocuments(list.documents);
      },
      (error: unknown) => setErrorKey(toErrorKey(error)),
    );
  }, [id]);
  useEffect(() => load(), [load]);

  const upload = async (files: File[]) => {
    const found: string[] = [];
    for (const file of files) {
      if (file.size > formDocumentMaxMb * megabyte) {
        found.push(t('documents.tooLarge', { name: file.name, size: formDocumentMaxMb }));
        continue;
      }
      setUploads((known) => ({ ...known, [file.name]: 0 }));
      const outcome = await uploadDocument(id, file, (share) =>
        setUploads((known) => ({ ...known, [file.name]: share })),
      );
      setUploads(({ [file.name]: _done, ...rest }) => rest);
      if ('document' in outcome) {
        setDocuments((known) => [...(known ?? []), outcome.document]);
        setMessage(t('documents.uploaded', { name: file.name }));
      } else {
        const code = uploadErrorCodes.has(outcome.errorCode) ? outcome.errorCode : 'unexpected';
        found.push(t(`documents.errors.${code}`, { name: file.name, size: formDocumentMaxMb }));
      }
    }
    setProblems(found);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragOver(false);
    void upload([...event.dataTransfer.files]);
  };

  const onConfirmDelete = async () => {
    const document = documentToDelete;
    setDocumentToDelete(null);
    if (!document) return;
    try {
      await deleteDocument(id, document.id);
      setDocuments((known) => known?.filter((candidate) => candidate.id !== document.id) ?? null);
      setMessage(t('documents.deleted', { name: document.name }));
    } catch (error) {
      setErrorKey(toErrorKey(error));
    }
  };

  const size = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });

  return (
    <>
      <PageHeader
        eyebrow={definition?.title ?? t('area')}
        title={t('pages.form-documents.title')}
        description={t('pages.form-documents.description')}
      />
      <FormTabs formId={id} current="documents" />
      <p className="ui-hint" role="status">
        {message}
      </p>
      {errorKey ? (
        <p className="ui-error" role="alert">
          {t(errorKey)}{' '}
          <Button variant="secondary" onClick={load}>
            {t('retry')}
          </Button>
        </p>
      ) : null}
      {!documents && !errorKey ? <p className="ui-hint">{t('loading')}</p> : null}
      {documents ? (
        <div className="forms-grid">
          {definition ? <FormSigningSection formId={id} definition={definition} /> : null}
          <section
            className={`ui-card documents-drop${isDragOver ? ' documents-drop--over' : ''}`}
            aria-labelledby="documents-upload"
            onDragOver={(event) => {
              event.preventDefault();
              setIsDragOver(true);
            }}
            onDragLeave={() => setIsDragOver(false)}
            onDrop={onDrop}
          >
            <h2 id="documents-upload">{t('documents.uploadTitle')}</h2>
            <p className="ui-hint">{t('documents.uploadHint', { size: formDocumentMaxMb })}</p>
            <input
              id={inputId}
              className="documents-input"
              type="file"
              multiple
              accept={accept}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                void upload(files);
              }}
            />
            <label htmlFor={inputId} className="ui-button ui-button--primary documents-choose">
              {t('documents.choose')}
            </label>
            <ul className="documents-progress" aria-live="polite">
              {Object.entries(uploads).map(([name, share]) => (
                <li key={name}>
                  {t('documents.uploading', { name, percent: Math.round(share * 100) })}
                  <progress max={1} value={share} aria-hidden="true" />
                </li>
              ))}
            </ul>
            {problems.map((problem) => (
              <p key={problem} className="ui-error" role="alert">
                {problem}
              </p>
            ))}
          </section>
          <section className="ui-card forms-card--wide" aria-labelledby="documents-list">
            <h2 id="documents-list">{t('documents.listTitle', { count: documents.length })}</h2>
            {documents.length === 0 ? (
              <p className="ui-hint">{t('documents.empty')}</p>
            ) : (
              <TableFrame labelledBy="documents-list">
                <table className="ui-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('documents.name')}</th>
                      <th scope="col">{t('documents.size')}</th>
                      <th scope="col">{t('documents.uploadedAt')}</th>
                      <th scope="col">
                        <span className="ui-visually-hidden">{t('documents.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {documents.map((document) => (
                      <tr key={document.id}>
                        <td>
                          <a href={`/api/v1/files/${document.id}`} download={document.name}>
                            {document.name}
                          </a>
                        </td>
                        <td>{size.format(Math.max(1, document.size / 1000))}</td>
                        <td>{formatDateTime(new Date(document.uploadedAt), locale)}</td>
                        <td>
                          <Button
                            variant="ghost"
                            aria-label={t('documents.deleteNamed', { name: document.name })}
                            onClick={() => setDocumentToDelete(document)}
                          >
                            {t('documents.delete')}
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableFrame>
            )}
          </section>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={documentToDelete !== null}
        title={t('documents.deleteTitle', { name: documentToDelete?.name })}
        confirmLabel={t('documents.delete')}
        cancelLabel={t('cancel')}
        onConfirm={onConfirmDelete}
        onCancel={() => setDocumentToDelete(null)}
      >
        <p>{t('documents.deleteText')}</p>
      </ConfirmDialog>
    </>
  );
}
