import type { SaveSignatureMarkQuery, SignatureFont, SignatureMark, SignatureMarkName } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { PenLine, Type, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveSignatureMark } from '../api/signature-marks-api';
import { toErrorKey } from '../utils/error-key';
import { checkUploadFile, prepareUpload, UploadProblem } from '../utils/prepare-upload';
import { renderTypedMark } from '../utils/render-typed';
import { renderStrokes, type Stroke } from '../utils/strokes';
import { DrawPad } from './draw-pad';
import { EditorTabs } from './editor-tabs';
import { TypePanel } from './type-panel';
import { UploadPanel } from './upload-panel';

type Way = 'draw' | 'type' | 'upload';
const ways: Way[] = ['draw', 'type', 'upload'];

// Black and a document blue, both far above 4.5:1 on white (the pad and the pages signed on).
export const penColors = { black: '#111827', blue: '#1d3fae' } as const;
type PenColor = keyof typeof penColors;

type MarkEditorProps = {
  name: SignatureMarkName;
  /** What is saved now: a typed mark opens on its text and font. */
  saved: SignatureMark | null;
  /** The name typed in when nothing was typed before (the person's name, or its initials). */
  suggestedText: string;
  onSaved: (mark: SignatureMark) => void;
  onCancel: () => void;
};

/** Makes a mark by drawing, typing or uploading it, and saves it in place of the one before. */
export function MarkEditor({ name, saved, suggestedText, onSaved, onCancel }: MarkEditorProps) {
  const { t } = useTranslation('documents');
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const [way, setWay] = useState<Way>(
    saved?.kind === 'typed' ? 'type' : saved?.kind === 'uploaded' ? 'upload' : 'draw',
  );
  const [color, setColor] = useState<PenColor>('black');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [text, setText] = useState(saved?.typedText ?? suggestedText);
  const [font, setFont] = useState<SignatureFont>(saved?.font ?? 'dancing-script');
  const [file, setFile] = useState<File | null>(null);
  const [isWhiteTransparent, setIsWhiteTransparent] = useState(true);
  const [isSaving, setIsSaving] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const typedInput = useRef<HTMLInputElement>(null);
  const focusTyped = useRef(false);

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    if (way === 'type' && focusTyped.current) {
      focusTyped.current = false;
      typedInput.current?.focus();
    }
  }, [way]);

  const idOf = (tab: string) => ({ tab: `${baseId}-tab-${tab}`, panel: `${baseId}-panel-${tab}` });
  const canSave =
    !isSaving && (way === 'draw' ? strokes.length > 0 : way === 'type' ? text.trim().length > 0 : file !== null);

  const chooseFile = (chosen: File | null) => {
    setErrorKey(null);
    if (!chosen) return setFile(null);
    try {
      checkUploadFile(chosen);
      setFile(chosen);
    } catch (error) {
      setFile(null);
      setErrorKey(toErrorKey(error instanceof UploadProblem ? error.code : error));
    }
  };

  const save = async () => {
    if (!canSave) return;
    setIsSaving(true);
    setErrorKey(null);
    try {
      let image: Blob;
      let query: SaveSignatureMarkQuery;
      if (way === 'draw') {
        image = await renderStrokes(strokes);
        query = { kind: 'drawn' };
      } else if (way === 'type') {
        image = await renderTypedMark(text.trim(), font, penColors[color]);
        query = { kind: 'typed', typedText: text.trim(), font };
      } else {
        image = await prepareUpload(file as File, { isWhiteTransparent });
        query = { kind: 'uploaded' };
      }
      onSaved(await saveSignatureMark(name, image, query));
    } catch (error) {
      setErrorKey(toErrorKey(error instanceof UploadProblem ? error.code : error));
      setIsSaving(false);
    }
  };

  const tabs = [
    { id: 'draw', label: t('signatureTemplate.tabs.draw'), icon: PenLine },
    { id: 'type', label: t('signatureTemplate.tabs.type'), icon: Type },
    { id: 'upload', label: t('signatureTemplate.tabs.upload'), icon: Upload },
  ];

  return (
    <section className="ui-card signature-editor" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t(`signatureTemplate.marks.${name}.editTitle`)}
      </h2>
      <EditorTabs
        tabs={tabs}
        current={way}
        label={t('signatureTemplate.tabs.label')}
        idOf={idOf}
        onChange={(tab) => {
          setErrorKey(null);
          setWay(tab as Way);
        }}
      />
      {way !== 'upload' ? (
        <fieldset className="signature-colors">
          <legend>{t('signatureTemplate.color.label')}</legend>
          {(Object.keys(penColors) as PenColor[]).map((key) => (
            <label key={key} className="signature-colors__option">
              <input
                type="radio"
                name={`${baseId}-color`}
                value={key}
                checked={color === key}
                onChange={() => setColor(key)}
              />
              <span className="signature-colors__swatch" style={{ background: penColors[key] }} aria-hidden="true" />
              {t(`signatureTemplate.color.${key}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {ways.map((each) => (
        <div
          key={each}
          id={idOf(each).panel}
          role="tabpanel"
          aria-labelledby={idOf(each).tab}
          hidden={way !== each}
          className="signature-panel"
        >
          {way === each && each === 'draw' ? (
            <DrawPad
              strokes={strokes}
              color={penColors[color]}
              label={t(`signatureTemplate.marks.${name}.padLabel`)}
              onStrokesChange={setStrokes}
              onTypeInstead={() => {
                focusTyped.current = true;
                setWay('type');
              }}
            />
          ) : null}
          {way === each && each === 'type' ? (
            <TypePanel
              text={text}
              font={font}
              color={penColors[color]}
              textLabel={t(`signatureTemplate.marks.${name}.typedLabel`)}
              inputRef={typedInput}
              onTextChange={setText}
              onFontChange={setFont}
            />
          ) : null}
          {way === each && each === 'upload' ? (
            <UploadPanel
              file={file}
              isWhiteTransparent={isWhiteTransparent}
              previewAlt={t(`signatureTemplate.marks.${name}.previewAlt`)}
              onFileChange={chooseFile}
              onWhiteTransparentChange={setIsWhiteTransparent}
            />
          ) : null}
        </div>
      ))}
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
