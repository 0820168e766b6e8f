import type { SignatureFont } from '@formwerk/contracts';
import { PenLine, Type, Upload } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../utils/error-key';
import { checkUploadFile, prepareUpload, UploadProblem } from '../utils/prepare-upload';
import { renderTypedMark } from '../utils/render-typed';
import { renderStrokes, type Stroke } from '../utils/strokes';
import { DrawPad } from './draw-pad';
import { type EditorTab, EditorTabs } from './editor-tabs';
import { TypePanel } from './type-panel';
import { UploadPanel } from './upload-panel';

// Black and a document blue, both far above 4.5:1 on white (the pad and the pages signed on).
export const penColors = { black: '#111827', blue: '#1d3fae' } as const;
type PenColor = keyof typeof penColors;

/** A mark as it was made: drawn, typed in a handwriting font, or uploaded. */
export type MadeMark =
  | { way: 'draw'; strokes: Stroke[] }
  | { way: 'type'; text: string; font: SignatureFont; color: string }
  | { way: 'upload'; file: File; isWhiteTransparent: boolean };

/** The picture of a made mark: a transparent PNG, as it is saved and as it is signed with. */
export function renderMark(mark: MadeMark): Promise<Blob> {
  switch (mark.way) {
    case 'draw':
      return renderStrokes(mark.strokes);
    case 'type':
      return renderTypedMark(mark.text, mark.font, mark.color);
    case 'upload':
      return prepareUpload(mark.file, { isWhiteTransparent: mark.isWhiteTransparent });
  }
}

type MakingWay = MadeMark['way'];
const makingWays: MakingWay[] = ['draw', 'type', 'upload'];

/** What a mark maker shows: the words of its page or dialog. */
export type MarkWaysTexts = {
  tabs: Record<'label' | MakingWay, string>;
  color: string;
  colors: Record<PenColor, string>;
  padLabel: string;
  typedLabel: string;
  previewAlt: string;
};

/**
 * The making of a mark, kept by whoever shows it (the signature page's editor, the signing page's
 * dialog): the way chosen (or a way of the caller's own, `extraWay`), the strokes, text, font, colour and
 * file, and the problem with a chosen file. `made` is the mark as it stands, or null while there is
 * nothing to use.
 */
export function useMarkMaking<ExtraWay extends string = never>({
  initialWay,
  initialText,
  initialFont = 'dancing-script',
}: {
  initialWay: MakingWay | ExtraWay;
  initialText: string;
  initialFont?: SignatureFont;
}) {
  const [way, setWay] = useState<MakingWay | ExtraWay>(initialWay);
  const [color, setColor] = useState<PenColor>('black');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [text, setText] = useState(initialText);
  const [font, setFont] = useState<SignatureFont>(initialFont);
  const [file, setFile] = useState<File | null>(null);
  const [isWhiteTransparent, setIsWhiteTransparent] = useState(true);
  const [fileErrorKey, setFileErrorKey] = useState<string | null>(null);

  const chooseFile = (chosen: File | null) => {
    setFileErrorKey(null);
    if (!chosen) return setFile(null);
    try {
      checkUploadFile(chosen);
      setFile(chosen);
    } catch (error) {
      setFile(null);
      setFileErrorKey(toErrorKey(error instanceof UploadProblem ? error.code : error));
    }
  };

  // A file's problem belongs to the upload: another way leaves it behind.
  const changeWay = (next: MakingWay | ExtraWay) => {
    setFileErrorKey(null);
    setWay(next);
  };

  let made: MadeMark | null = null;
  if (way === 'draw' && strokes.length > 0) made = { way: 'draw', strokes };
  else if (way === 'type' && text.trim()) made = { way: 'type', text: text.trim(), font, color: penColors[color] };
  else if (way === 'upload' && file) made = { way: 'upload', file, isWhiteTransparent };

  return {
    way,
    setWay: changeWay,
    color,
    setColor,
    strokes,
    setStrokes,
    text,
    setText,
    font,
    setFont,
    file,
    chooseFile,
    isWhiteTransparent,
    setIsWhiteTransparent,
    fileErrorKey,
    made,
  };
}

export type MarkMaking<ExtraWay extends string = never> = ReturnType<typeof useMarkMaking<ExtraWay>>;

type MarkWaysProps<ExtraWay extends string> = {
  making: MarkMaking<ExtraWay>;
  texts: MarkWaysTexts;
  /** A way of the caller's own before the others (the signing page's saved mark), with its panel. */
  extra?: { tab: EditorTab & { id: ExtraWay }; panel: ReactNode };
  /** Called when the person changes the way (a caller's own error no longer applies). */
  onWayChange?: () => void;
};

/**
 * The ways to make a mark as tabs (WAI-ARIA's pattern), the pen colour, and the chosen way's panel: a pad
 * to draw on (with "type instead" for who cannot draw), the name in a handwriting font, or an upload.
 */
export function MarkWays<ExtraWay extends string = never>({
  making,
  texts,
  extra,
  onWayChange,
}: MarkWaysProps<ExtraWay>) {
  const { t } = useTranslation('documents');
  const baseId = useId();
  const typedInput = useRef<HTMLInputElement>(null);
  const focusTyped = useRef(false);
  const { way, setWay } = making;

  useEffect(() => {
    if (way === 'type' && focusTyped.current) {
      focusTyped.current = false;
      typedInput.current?.focus();
    }
  }, [way]);

  const idOf = (tab: string) => ({ tab: `${baseId}-tab-${tab}`, panel: `${baseId}-panel-${tab}` });
  const icons = { draw: PenLine, type: Type, upload: Upload };
  const tabs: EditorTab[] = [
    ...(extra ? [extra.tab] : []),
    ...makingWays.map((id) => ({ id, label: texts.tabs[id], icon: icons[id] })),
  ];
  return (
    <>
      <EditorTabs
        tabs={tabs}
        current={way}
        label={texts.tabs.label}
        idOf={idOf}
        onChange={(tab) => {
          onWayChange?.();
          setWay(tab as MakingWay | ExtraWay);
        }}
      />
      {way === 'draw' || way === 'type' ? (
        <fieldset className="signature-colors">
          <legend>{texts.color}</legend>
          {(Object.keys(penColors) as PenColor[]).map((key) => (
            <label key={key} className="signature-colors__option">
              <input
                type="radio"
                name={`${baseId}-color`}
                value={key}
                checked={making.color === key}
                onChange={() => making.setColor(key)}
              />
              <span className="signature-colors__swatch" style={{ background: penColors[key] }} aria-hidden="true" />
              {texts.colors[key]}
            </label>
          ))}
        </fieldset>
      ) : null}
      {tabs.map(({ id }) => (
        <div
          key={id}
          id={idOf(id).panel}
          role="tabpanel"
          aria-labelledby={idOf(id).tab}
          hidden={way !== id}
          className="signature-panel"
        >
          {way === id && extra && id === extra.tab.id ? extra.panel : null}
          {way === id && id === 'draw' ? (
            <DrawPad
              strokes={making.strokes}
              color={penColors[making.color]}
              label={texts.padLabel}
              onStrokesChange={making.setStrokes}
              onTypeInstead={() => {
                focusTyped.current = true;
                setWay('type');
              }}
            />
          ) : null}
          {way === id && id === 'type' ? (
            <TypePanel
              text={making.text}
              font={making.font}
              color={penColors[making.color]}
              textLabel={texts.typedLabel}
              inputRef={typedInput}
              onTextChange={making.setText}
              onFontChange={making.setFont}
            />
          ) : null}
          {way === id && id === 'upload' ? (
            <UploadPanel
              file={making.file}
              isWhiteTransparent={making.isWhiteTransparent}
              previewAlt={texts.previewAlt}
              onFileChange={making.chooseFile}
              onWhiteTransparentChange={making.setIsWhiteTransparent}
            />
          ) : null}
        </div>
      ))}
      {making.fileErrorKey ? (
        <p role="alert" className="ui-notice ui-notice--error">
          {t(making.fileErrorKey)}
        </p>
      ) : null}
    </>
  );
}
