import type { SaveSignatureMarkQuery, SignatureMark, SignatureMarkName } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSignatureMark } from '../api/signature-marks-api';
import { toErrorKey } from '../utils/error-key';
import { UploadProblem } from '../utils/prepare-upload';
import { type MadeMark, MarkWays, renderMark, useMarkMaking } from './mark-ways';

type MarkEditorProps = {
  name: SignatureMarkName;
  /** What is saved now: a typed mark opens on its text and font. */
  saved: SignatureMark | null;
  /** The name typed in when nothing was typed before (the person's name, or its initials). */
  suggestedText: string;
  onSaved: (mark: SignatureMark) => void;
  onCancel: () => void;
};

/** How a made mark is saved: the way it was made, and a typed one's text and font to open it on again. */
const queryOf = (mark: MadeMark): SaveSignatureMarkQuery =>
  mark.way === 'draw'
    ? { kind: 'drawn' }
    : mark.way === 'type'
      ? { kind: 'typed', typedText: mark.text, font: mark.font }
      : { kind: 'uploaded' };

/** Makes a mark by drawing, typing or uploading it, and saves it in place of the one before. */
export function MarkEditor({ name, saved, suggestedText, onSaved, onCancel }: MarkEditorProps) {
  const { t } = useTranslation('documents');
  const headingId = useId();
  const making = useMarkMaking({
    initialWay: saved?.kind === 'typed' ? 'type' : saved?.kind === 'uploaded' ? 'upload' : 'draw',
    initialText: saved?.typedText ?? suggestedText,
    initialFont: saved?.font ?? undefined,
  });
  const [isSaving, setIsSaving] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const { made } = making;
  const canSave = !isSaving && made !== null;
  const save = async () => {
    if (!made || isSaving) return;
    setIsSaving(true);
    setErrorKey(null);
    try {
      onSaved(await saveSignatureMark(name, await renderMark(made), queryOf(made)));
    } catch (error) {
      setErrorKey(toErrorKey(error instanceof UploadProblem ? error.code : error));
      setIsSaving(false);
    }
  };

  return (
    <section className="ui-card signature-editor" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t(`signatureTemplate.marks.${name}.editTitle`)}
      </h2>
      <MarkWays
        making={making}
        onWayChange={() => setErrorKey(null)}
        texts={{
          tabs: {
            label: t('signatureTemplate.tabs.label'),
            draw: t('signatureTemplate.tabs.draw'),
            type: t('signatureTemplate.tabs.type'),
            upload: t('signatureTemplate.tabs.upload'),
          },
          color: t('signatureTemplate.color.label'),
          colors: { black: t('signatureTemplate.color.black'), blue: t('signatureTemplate.color.blue') },
          padLabel: t(`signatureTemplate.marks.${name}.padLabel`),
          typedLabel: t(`signatureTemplate.marks.${name}.typedLabel`),
          previewAlt: t(`signatureTemplate.marks.${name}.previewAlt`),
        }}
      />
      {errorKey ? (
        <p role="alert" className="ui-notice ui-notice--error">
          {t(errorKey)}
        </p>
      ) : null}
      <div className="signature-editor__actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('signatureTemplate.cancel')}
        </Button>
        <Button onClick={save} disabled={!canSave} aria-disabled={!canSave}>
          {isSaving ? t('signatureTemplate.saving') : t(`signatureTemplate.marks.${name}.save`)}
        </Button>
      </div>
    </section>
  );
}
