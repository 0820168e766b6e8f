import { type SignatureFont, signatureTypedTextMaxLength } from '@formwerk/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fontFamilyOf, handwritingFonts, loadHandwritingFonts } from '../utils/handwriting-fonts';

type TypePanelProps = {
  text: string;
  font: SignatureFont;
  color: string;
  textLabel: string;
  inputRef?: React.Ref<HTMLInputElement>;
  onTextChange: (text: string) => void;
  onFontChange: (font: SignatureFont) => void;
};

/** The name typed once and shown in each handwriting font; the chosen one is saved. */
export function TypePanel({ text, font, color, textLabel, inputRef, onTextChange, onFontChange }: TypePanelProps) {
  const { t } = useTranslation('documents');
  const inputId = useId();
  const [, setFontsReady] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void loadHandwritingFonts().then(() => isCurrent && setFontsReady(true));
    return () => {
      isCurrent = false;
    };
  }, []);

  return (
    <div className="signature-type">
      <label htmlFor={inputId} className="signature-type__label">
        {textLabel}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="ui-input"
        type="text"
        value={text}
        maxLength={signatureTypedTextMaxLength}
        autoComplete="off"
        onChange={(event) => onTextChange(event.target.value)}
      />
      <fieldset className="signature-fonts">
        <legend>{t('signatureTemplate.type.font')}</legend>
        {handwritingFonts.map((entry) => (
          <label key={entry.id} className="signature-fonts__option">
            <input
              type="radio"
              name={`${inputId}-font`}
              value={entry.id}
              checked={font === entry.id}
              onChange={() => onFontChange(entry.id)}
            />
            <span className="signature-fonts__name">{entry.label}</span>
            <span className="signature-fonts__preview" style={{ fontFamily: fontFamilyOf(entry.id), color }}>
              {text.trim() || t('signatureTemplate.type.previewEmpty')}
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
