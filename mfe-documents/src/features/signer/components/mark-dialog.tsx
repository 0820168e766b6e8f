import type { SignatureFont, SignatureMark } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { BadgeCheck, PenLine, Type, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signatureMarkImageUrl } from '../../signature-template/api/signature-marks-api';
import { DrawPad } from '../../signature-template/components/draw-pad';
import { EditorTabs } from '../../signature-template/components/editor-tabs';
import { penColors } from '../../signature-template/components/mark-editor';
import { TypePanel } from '../../signature-template/components/type-panel';
import { UploadPanel } from '../../signature-template/components/upload-panel';
import { toErrorKey as toMarkErrorKey } from '../../signature-template/utils/error-key';
import { checkUploadFile, UploadProblem } from '../../signature-template/utils/prepare-upload';
import type { Stroke } from '../../signature-template/utils/strokes';
import { type MarkSource, makeMark } from '../utils/make-mark';
import '../../signature-template/components/signature-template.css';

export type MarkKind = 'signature' | 'initials';
type Way = MarkSource['way'];
type PenColor = keyof typeof penColors;

type MarkDialogProps = {
  /** Which mark is asked for; null while closed. */
  kind: MarkKind | null;
  /** The visitor's saved mark of this kind, when they are signed in and have one. */
  saved: SignatureMark | null;
  /** The text the Type tab starts with (the recipient's name, or its initials). */
  suggestedText: string;
  onAdopt: (value: { png: string }) => void;
  onClose: () => void;
};

/**
 * Makes the signature or initials for the fields: the saved one in one click, or drawn, typed in a
 * handwriting font or uploaded. A native modal <dialog> keeps focus inside, closes on Escape and gives
 * focus back to the button that opened it.
 */
export function MarkDialog({ kind, saved, suggestedText, onAdopt, onClose }: MarkDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const isOpen = kind !== null;

  useEffect(() => {
    const element = dialog.current;
    if (isOpen && !element?.open) element?.showModal();
    if (!isOpen && element?.open) element.close();
  }, [isOpen]);

  return (
    <dialog
      ref={dialog}
      className="ui-dialog signer-mark-dialog"
      aria-labelledby={headingId}
      onClose={() => isOpen && onClose()}
    >
      {kind ? (
        <MarkMaker
          kind={kind}
          headingId={headingId}
          saved={saved}
          suggestedText={suggestedText}
          onAdopt={onAdopt}
          onClose={onClose}
        />
      ) : null}
    </dialog>
  );
}

function MarkMaker({
  kind,
  headingId,
  saved,
  suggestedText,
  onAdopt,
  onClose,
}: MarkDialogProps & { kind: MarkKind; headingId: string }) {
  const { t } = useTranslation('documents');
  const baseId = useId();
  const [way, setWay] = useState<Way>(saved ? 'saved' : 'draw');
  const [color, setColor] = useState<PenColor>('black');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [text, setText] = useState(suggestedText);
  const [font, setFont] = useState<SignatureFont>('dancing-script');
  const [file, setFile] = useState<File | null>(null);
  const [isWhiteTransparent, setIsWhiteTransparent] = useState(true);
  const [isMaking, setIsMaking] = useState(false);
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

  const savedUrl = saved ? signatureMarkImageUrl(kind, saved) : null;
  const sourceOf = (): MarkSource | null => {
    if (way === 'saved') return savedUrl ? { way, imageUrl: savedUrl } : null;
    if (way === 'draw') return strokes.length > 0 ? { way, strokes } : null;
    if (way === 'type') return text.trim() ? { way, text: text.trim(), font, color: penColors[color] } : null;
    return file ? { way, file, isWhiteTransparent } : null;
  };
  const source = sourceOf();

  const chooseFile = (chosen: File | null) => {
    setErrorKey(null);
    if (!chosen) return setFile(null);
    try {
      checkUploadFile(chosen);
      setFile(chosen);
    } catch (error) {
      setFile(null);
      setErrorKey(toMarkErrorKey(error instanceof UploadProblem ? error.code : error));
    }
  };

  const adopt = async () => {
    if (!source || isMaking) return;
    setIsMaking(true);
    setErrorKey(null);
    try {
      onAdopt(await makeMark(source));
    } catch (error) {
      setErrorKey(error instanceof UploadProblem ? toMarkErrorKey(error.code) : 'signer.mark.failed');
      setIsMaking(false);
    }
  };

  const idOf = (tab: string) => ({ tab: `${baseId}-tab-${tab}`, panel: `${baseId}-panel-${tab}` });
  const tabs = [
    ...(saved ? [{ id: 'saved', label: t('signer.mark.tabs.saved'), icon: BadgeCheck }] : []),
    { id: 'draw', label: t('signer.mark.tabs.draw'), icon: PenLine },
    { id: 'type', label: t('signer.mark.tabs.type'), icon: Type },
    { id: 'upload', label: t('signer.mark.tabs.upload'), icon: Upload },
  ];
  const ways = tabs.map((tab) => tab.id as Way);

  return (
    <div className="ui-dialog__body signer-mark">
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t(`signer.mark.${kind}.title`)}
      </h2>
      <EditorTabs
        tabs={tabs}
        current={way}
        label={t('signer.mark.tabs.label')}
        idOf={idOf}
        onChange={(tab) => {
          setErrorKey(null);
          setWay(tab as Way);
        }}
      />
      {way === 'draw' || way === 'type' ? (
        <fieldset className="signature-colors">
          <legend>{t('signer.mark.color')}</legend>
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
              {t(`signer.mark.colors.${key}`)}
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
          {way === each && each === 'saved' && savedUrl ? (
            <div className="signature-preview">
              <img src={savedUrl} alt={t(`signer.mark.${kind}.savedAlt`)} />
            </div>
          ) : null}
          {way === each && each === 'draw' ? (
            <DrawPad
              strokes={strokes}
              color={penColors[color]}
              label={t(`signer.mark.${kind}.padLabel`)}
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
              textLabel={t(`signer.mark.${kind}.typedLabel`)}
              inputRef={typedInput}
              onTextChange={setText}
              onFontChange={setFont}
            />
          ) : null}
          {way === each && each === 'upload' ? (
            <UploadPanel
              file={file}
              isWhiteTransparent={isWhiteTransparent}
              previewAlt={t(`signer.mark.${kind}.previewAlt`)}
              onFileChange={chooseFile}
              onWhiteTransparentChange={setIsWhiteTransparent}
            />
          ) : null}
        </div>
      ))}
      <p className="ui-hint">{t('signer.mark.consent')}</p>
      {errorKey ? (
        <p role="alert" className="ui-notice ui-notice--error">
          {t(errorKey)}
        </p>
      ) : null}
      <div className="ui-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('signer.cancel')}
        </Button>
        <Button onClick={() => void adopt()} disabled={!source || isMaking} aria-disabled={!source || isMaking}>
          {isMaking ? t('signer.mark.adopting') : t(`signer.mark.${kind}.adopt`)}
        </Button>
      </div>
    </div>
  );
}
