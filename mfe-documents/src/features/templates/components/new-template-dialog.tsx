import type { DocumentTemplate } from '@formwerk/contracts';
import { ConfirmDialog } from '@formwerk/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createTemplateFromDocument, uploadTemplate } from '../api/templates-api';
import { useLibraryDocuments } from '../hooks/use-library-documents';
import { toErrorKey } from '../utils/error-key';
import { pdfMaxMb, templateNameMaxLength } from '../utils/template-geometry';

type Source = 'library' | 'upload';

type NewTemplateDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (template: DocumentTemplate) => void;
};

const nameOfFile = (fileName: string) => fileName.replace(/\.pdf$/i, '').trim() || fileName;
const isPdfByName = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/**
 * A new template: of a PDF of the team's library (found by searching its name) or of one uploaded from
 * the device, with a name (the PDF's, until one is typed). A team without documents starts at the upload.
 * What the api refuses (not a readable PDF, too large, storage full) is said in the dialog.
 */
export function NewTemplateDialog({ isOpen, onClose, onCreated }: NewTemplateDialogProps) {
  const { t } = useTranslation('documents');
  const id = useId();
  const [chosenSource, setChosenSource] = useState<Source | null>(null);
  const [search, setSearch] = useState('');
  const [documentId, setDocumentId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [isNameTyped, setIsNameTyped] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [share, setShare] = useState<number | null>(null);
  // The creation under way, which Cancel ends: an upload stops (nothing is stored), a copy is let go.
  const creation = useRef<AbortController | null>(null);
  const library = useLibraryDocuments(search, isOpen);
  const source: Source = chosenSource ?? (library.hasAny === false ? 'upload' : 'library');

  useEffect(() => {
    if (!isOpen) return;
    setChosenSource(null);
    setSearch('');
    setDocumentId('');
    setFile(null);
    setName('');
    setIsNameTyped(false);
    setProblem(null);
    setShare(null);
  }, [isOpen]);

  const suggestName = (fileName: string) => {
    if (!isNameTyped) setName(nameOfFile(fileName).slice(0, templateNameMaxLength));
  };

  const findProblem = (): string | null => {
    if (source === 'library' && !documentId) return t('templates.create.chooseDocument');
    if (source === 'upload') {
      if (!file) return t('templates.create.chooseFile');
      if (!isPdfByName(file)) return t('templates.errors.FILE_TYPE_NOT_ALLOWED');
      if (file.size > pdfMaxMb * 1024 * 1024) return t('templates.errors.FILE_TOO_LARGE', { max: pdfMaxMb });
      if (file.size === 0) return t('templates.errors.PDF_INVALID');
    }
    if (name.trim() === '') return t('templates.create.nameMissing');
    return null;
  };

  const onConfirm = async () => {
    if (share !== null) return;
    const found = findProblem();
    setProblem(found);
    if (found) return;
    setShare(0);
    const controller = new AbortController();
    creation.current = controller;
    let created: DocumentTemplate | null = null;
    let refusal: unknown = null;
    if (source === 'library') {
      try {
        created = await createTemplateFromDocument({ documentId, name: name.trim() });
      } catch (error) {
        refusal = error;
      }
    } else if (file) {
      const outcome = await uploadTemplate(file, name.trim(), setShare, controller.signal);
      if ('template' in outcome) created = outcome.template;
      else if ('errorCode' in outcome) refusal = outcome.errorCode;
    }
    if (controller.signal.aborted) return;
    creation.current = null;
    setShare(null);
    if (created) onCreated(created);
    else if (refusal !== null) setProblem(t(toErrorKey(refusal), { max: pdfMaxMb }));
  };

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('templates.create.title')}
      confirmLabel={share === null ? t('templates.create.confirm') : t('templates.create.creating')}
      cancelLabel={t('templates.cancel')}
      onConfirm={() => void onConfirm()}
      onCancel={() => {
        creation.current?.abort();
        creation.current = null;
        setShare(null);
        onClose();
      }}
    >
      <fieldset className="ui-fieldset">
        <legend>{t('templates.create.source')}</legend>
        {(['library', 'upload'] as const).map((option) => (
          <label key={option} className="ui-field ui-field--inline">
            <input
              type="radio"
              name={`${id}-source`}
              value={option}
              checked={source === option}
              onChange={() => {
                setChosenSource(option);
                setProblem(null);
              }}
            />
            {t(`templates.create.${option}`)}
          </label>
        ))}
      </fieldset>
      {source === 'library' ? (
        <div className="templates-create__library">
          <div className="ui-field">
            <label htmlFor={`${id}-search`}>{t('templates.create.search')}</label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <fieldset className="templates-create__documents" aria-busy={library.isLoading}>
            <legend className="ui-visually-hidden">{t('templates.create.documents')}</legend>
            {library.documents.map((document) => (
              <label key={document.id} className="templates-create__document">
                <input
                  type="radio"
                  name={`${id}-document`}
                  value={document.id}
                  checked={documentId === document.id}
                  onChange={() => {
                    setDocumentId(document.id);
                    setProblem(null);
                    suggestName(document.name);
                  }}
                />
                <span className="templates-create__document-name">{document.name}</span>
                <span className="ui-hint">{t('templates.create.pages', { count: document.pageCount })}</span>
              </label>
            ))}
          </fieldset>
          {library.errorKey ? <p role="alert">{t(library.errorKey)}</p> : null}
          {!library.isLoading && !library.errorKey && library.documents.length === 0 ? (
            <p className="ui-hint">
              {search.trim()
                ? t('templates.create.noMatch', { search: search.trim() })
                : t('templates.create.libraryEmpty')}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="ui-field">
          <label htmlFor={`${id}-file`}>{t('templates.create.file')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept="application/pdf,.pdf"
            aria-describedby={`${id}-file-hint`}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setProblem(null);
              if (chosen) suggestName(chosen.name);
            }}
          />
          <span id={`${id}-file-hint`} className="ui-field__hint ui-hint">
            {t('templates.create.fileHint', { max: pdfMaxMb })}
          </span>
        </div>
      )}
      <div className="ui-field">
        <label htmlFor={`${id}-name`}>{t('templates.create.name')}</label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={templateNameMaxLength}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setIsNameTyped(true);
            setProblem(null);
          }}
        />
      </div>
      {share !== null && source === 'upload' ? (
        <progress
          className="templates-create__progress"
          aria-label={t('templates.create.progress')}
          max={100}
          value={Math.round(share * 100)}
        />
      ) : null}
      {problem ? (
        <p className="ui-field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
