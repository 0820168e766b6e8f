import { signatureMarkMaxBytes } from '@formwerk/contracts';
import { useLocale } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type UploadPanelProps = {
  file: File | null;
  isWhiteTransparent: boolean;
  previewAlt: string;
  onFileChange: (file: File | null) => void;
  onWhiteTransparentChange: (isWhiteTransparent: boolean) => void;
};

/** A photo or scan of the mark: a PNG or JPEG, shown before it is saved. */
export function UploadPanel({
  file,
  isWhiteTransparent,
  previewAlt,
  onFileChange,
  onWhiteTransparentChange,
}: UploadPanelProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return setPreviewUrl(null);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const max = new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte' }).format(
    signatureMarkMaxBytes / 1024 / 1024,
  );
  return (
    <div className="signature-upload">
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        tabIndex={-1}
        data-testid="signature-upload-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (chosen) onFileChange(chosen);
        }}
      />
      <div>
        <Button variant="secondary" aria-describedby={hintId} onClick={() => input.current?.click()}>
          <Icon icon={Upload} />
          {file ? t('signatureTemplate.upload.another') : t('signatureTemplate.upload.choose')}
        </Button>
        <p id={hintId} className="ui-hint">
          {t('signatureTemplate.upload.hint', { max })}
        </p>
      </div>
      {file ? (
        <>
          <p className="signature-upload__name">{t('signatureTemplate.upload.chosen', { name: file.name })}</p>
          {previewUrl ? (
            <div className={`signature-preview${isWhiteTransparent ? ' signature-preview--checkered' : ''}`}>
              <img src={previewUrl} alt={previewAlt} />
            </div>
          ) : null}
          <label className="signature-upload__option">
            <input
              type="checkbox"
              checked={isWhiteTransparent}
              onChange={(event) => onWhiteTransparentChange(event.target.checked)}
            />
            {t('signatureTemplate.upload.whiteTransparent')}
          </label>
        </>
      ) : null}
    </div>
  );
}
