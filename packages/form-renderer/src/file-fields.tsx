import type { FileAnswer, FormField } from '@formwerk/contracts';
import { type ChangeEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { fill, type RendererTexts } from './messages';

/**
 * Why a file was not stored: the server's own checks (type by content, size), no room left in the
 * storage of the form's team, or anything else.
 */
export type UploadProblem = 'tooLarge' | 'typeNotAllowed' | 'noRoom' | 'failed';

/**
 * Sends one file of a field and reports its progress (0 to 1); answers what the submission names, or
 * why it could not be stored. Given by the page; the renderer knows no transport.
 */
export type UploadFile = (
  fieldId: string,
  file: Blob,
  name: string,
  onProgress: (share: number) => void,
) => Promise<FileAnswer | UploadProblem>;

type FileFieldProps = {
  field: Extract<FormField, { type: 'fileUpload' }>;
  value: FileAnswer[];
  texts: RendererTexts;
  describedBy: string | undefined;
  /** Missing in previews: files are checked but stay on the device. */
  uploadFile?: UploadFile;
  isPreview: boolean;
  onChange: (files: FileAnswer[] | undefined) => void;
  /** Told whether files of the field are still on their way (the form waits for them). */
  onBusyChange?: (isBusy: boolean) => void;
};

/** Tells `onBusyChange` when the field starts and stops being busy. */
function useBusyReport(isBusy: boolean, onBusyChange: ((isBusy: boolean) => void) | undefined) {
  const report = useRef(onBusyChange);
  report.current = onBusyChange;
  useEffect(() => report.current?.(isBusy), [isBusy]);
  useEffect(() => () => report.current?.(false), []);
}

const megabyte = 1024 * 1024;

function formatSize(bytes: number): string {
  return bytes < megabyte ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / megabyte).toFixed(1)} MB`;
}

function isTypeAccepted(type: string, accept: readonly string[]): boolean {
  return (
    accept.length === 0 ||
    accept.some((allowed) => (allowed.endsWith('/*') ? type.startsWith(allowed.slice(0, -1)) : allowed === type))
  );
}

/** Files of an answer: chosen, checked here first, uploaded one by one with progress, removable. */
export function FileField({
  field,
  value,
  texts,
  describedBy,
  uploadFile,
  isPreview,
  onChange,
  onBusyChange,
}: FileFieldProps) {
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [problems, setProblems] = useState<string[]>([]);
  // Files chosen and not yet answered by the server: they take room of the field's limit too.
  const [pendingCount, setPendingCount] = useState(0);
  const pending = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  // Files removed while another one uploads stay removed when it is done.
  const latestValue = useRef(value);
  latestValue.current = value;
  useBusyReport(pendingCount > 0, onBusyChange);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const found: string[] = [];
    const room = field.maxFiles - latestValue.current.length - pending.current;
    if (chosen.length > room) found.push(fill(texts.files.tooMany, { count: field.maxFiles }));
    const fitting = chosen.slice(0, Math.max(0, room)).filter((file) => {
      if (file.size > field.maxSizeMb * megabyte)
        found.push(fill(texts.files.tooLarge, { name: file.name, size: field.maxSizeMb }));
      else if (!isTypeAccepted(file.type, field.accept))
        found.push(fill(texts.files.typeNotAllowed, { name: file.name }));
      else return true;
      return false;
    });
    setProblems(found);
    const settle = (count: number) => {
      pending.current += count;
      setPendingCount(pending.current);
    };
    settle(fitting.length);
    for (const file of fitting) {
      const answer = uploadFile
        ? await uploadFile(field.id, file, file.name, (share) =>
            setProgress((known) => ({ ...known, [file.name]: share })),
          )
        : { fileId: 'preview', name: file.name, size: file.size, type: file.type };
      setProgress(({ [file.name]: _done, ...rest }) => rest);
      settle(-1);
      if (typeof answer === 'object') {
        latestValue.current = [...latestValue.current, answer];
        onChange(latestValue.current);
      } else {
        const text = {
          tooLarge: texts.files.tooLarge,
          typeNotAllowed: texts.files.typeNotAllowed,
          noRoom: texts.files.noRoom,
          failed: texts.files.failed,
        }[answer];
        setProblems((known) => [...known, fill(text, { name: file.name, size: field.maxSizeMb })]);
      }
    }
  };

  const inputId = field.id;
  return (
    <div className="fw-files">
      <input
        ref={input}
        id={inputId}
        name={field.id}
        type="file"
        className="fw-files__input"
        multiple={field.maxFiles > 1}
        accept={field.accept.length > 0 ? field.accept.join(',') : undefined}
        aria-describedby={[describedBy, `${field.id}-limits`].filter(Boolean).join(' ')}
        disabled={value.length + pendingCount >= field.maxFiles}
        onChange={onFiles}
      />
      {/* The browser's own button speaks the browser's language; this one speaks the page's. */}
      <label htmlFor={inputId} className="fw-button fw-button--secondary fw-button--small fw-files__choose">
        {field.maxFiles > 1 ? texts.files.choose : texts.files.chooseOne}
      </label>
      <p className="fw-field__help" id={`${field.id}-limits`}>
        {fill(texts.files.limits, { count: field.maxFiles, size: field.maxSizeMb })}
        {isPreview ? ` ${texts.files.preview}` : ''}
      </p>
      <ul className="fw-files__list" aria-live="polite">
        {value.map((file) => (
          <li key={file.fileId + file.name}>
            <span>{fill(texts.files.uploaded, { name: file.name, size: formatSize(file.size) })}</span>
            <button
              type="button"
              className="fw-button fw-button--secondary fw-button--small"
              onClick={() => onChange(value.filter((candidate) => candidate !== file))}
            >
              {fill(texts.files.remove, { name: file.name })}
            </button>
          </li>
        ))}
        {Object.entries(progress).map(([name, share]) => (
          <li key={`uploading-${name}`}>
            <span>{fill(texts.files.uploading, { name, percent: Math.round(share * 100) })}</span>
            <progress max={1} value={share} aria-hidden="true" />
          </li>
        ))}
      </ul>
      {problems.map((problem) => (
        <p key={problem} className="fw-field__error" role="alert">
          {problem}
        </p>
      ))}
    </div>
  );
}

type SignatureFieldProps = {
  field: Extract<FormField, { type: 'signature' }>;
  value: FileAnswer[];
  texts: RendererTexts;
  describedBy: string | undefined;
  uploadFile?: UploadFile;
  onChange: (files: FileAnswer[] | undefined) => void;
  /** Told whether the signature is drawn but not yet stored (the form waits for it). */
  onBusyChange?: (isBusy: boolean) => void;
};

const padWidth = 600;
const padHeight = 180;
/** A signature is several strokes; it is saved once the pen has rested this long, not after each one. */
export const signatureSaveDelayMs = 400;

/**
 * A drawn signature, kept as a PNG file. Mouse, finger and pen draw on the pad; from the keyboard the
 * name is typed and set as the signature instead.
 */
export function SignatureField({
  field,
  value,
  texts,
  describedBy,
  uploadFile,
  onChange,
  onBusyChange,
}: SignatureFieldProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [state, setState] = useState<'empty' | 'drawn' | 'saving' | 'saved' | 'failed'>(
    value.length ? 'saved' : 'empty',
  );
  useBusyReport(state === 'drawn' || state === 'saving', onBusyChange);
  const [isTyping, setIsTyping] = useState(false);
  const [typedName, setTypedName] = useState('');
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Counts the saves begun; an upload finishing after the pad changed again no longer counts.
  const saveCount = useRef(0);

  useEffect(() => () => clearTimeout(saveTimer.current), []);

  const stopSaving = () => {
    clearTimeout(saveTimer.current);
    saveCount.current += 1;
  };

  const context = () => canvas.current?.getContext('2d') ?? null;
  const pointOf = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * padWidth) / box.width,
      y: ((event.clientY - box.top) * padHeight) / box.height,
    };
  };

  const clear = () => {
    stopSaving();
    context()?.clearRect(0, 0, padWidth, padHeight);
    setState('empty');
    onChange(undefined);
  };

  const save = () => {
    const element = canvas.current;
    if (!element) return;
    stopSaving();
    const count = saveCount.current;
    setState('saving');
    element.toBlob(async (blob) => {
      if (!blob) return setState('failed');
      const answer = uploadFile
        ? await uploadFile(field.id, blob, 'signature.png', () => undefined)
        : { fileId: 'preview', name: 'signature.png', size: blob.size, type: 'image/png' };
      if (count !== saveCount.current) return;
      const isStored = typeof answer === 'object';
      setState(isStored ? 'saved' : 'failed');
      onChange(isStored ? [answer] : undefined);
    }, 'image/png');
  };

  const drawTyped = (name: string) => {
    const pen = context();
    if (!pen) return;
    pen.clearRect(0, 0, padWidth, padHeight);
    pen.font = 'italic 48px "Brush Script MT", "Segoe Script", cursive';
    pen.fillStyle = '#1c2033';
    pen.textBaseline = 'middle';
    pen.fillText(name, 24, padHeight / 2, padWidth - 48);
  };

  return (
    <div className="fw-signature">
      <canvas
        ref={canvas}
        id={field.id}
        className="fw-signature__pad"
        width={padWidth}
        height={padHeight}
        role="img"
        aria-label={texts.signature.pad}
        aria-describedby={describedBy}
        onPointerDown={(event) => {
          clearTimeout(saveTimer.current);
          event.currentTarget.setPointerCapture(event.pointerId);
          last.current = pointOf(event);
        }}
        onPointerMove={(event) => {
          const pen = context();
          if (!last.current || !pen) return;
          const point = pointOf(event);
          pen.lineWidth = 2.5;
          pen.lineCap = 'round';
          pen.strokeStyle = '#1c2033';
          pen.beginPath();
          pen.moveTo(last.current.x, last.current.y);
          pen.lineTo(point.x, point.y);
          pen.stroke();
          last.current = point;
          if (state !== 'drawn') {
            stopSaving();
            setState('drawn');
          }
        }}
        onPointerUp={() => {
          if (last.current && state === 'drawn') saveTimer.current = setTimeout(save, signatureSaveDelayMs);
          last.current = null;
        }}
      />
      <div className="fw-signature__actions">
        <button type="button" className="fw-button fw-button--secondary fw-button--small" onClick={clear}>
          {texts.signature.clear}
        </button>
        <button
          type="button"
          className="fw-button fw-button--secondary fw-button--small"
          aria-expanded={isTyping}
          onClick={() => setIsTyping((open) => !open)}
        >
          {texts.signature.typeInstead}
        </button>
        <span className="fw-signature__state" role="status">
          {state === 'saving'
            ? texts.signature.saving
            : state === 'saved'
              ? texts.signature.saved
              : state === 'failed'
                ? texts.signature.failed
                : ''}
        </span>
      </div>
      {isTyping ? (
        <label className="fw-signature__typed">
          {texts.signature.typedLabel}
          <input
            type="text"
            value={typedName}
            maxLength={80}
            autoComplete="name"
            onChange={(event) => {
              stopSaving();
              setTypedName(event.target.value);
              drawTyped(event.target.value);
              setState(event.target.value.trim() ? 'drawn' : 'empty');
            }}
            onBlur={() => (typedName.trim() ? save() : undefined)}
          />
        </label>
      ) : null}
    </div>
  );
}
