import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type QrCodeSectionProps = { link: string; fileSlug: string };

type QrImages = { link: string; svgUrl: string; pngUrl: string };

// Medium error correction survives a smudged print; the quiet zone of 2 modules suits print and screen.
const options = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** The link as a QR code for posters and flyers, shown as SVG and downloadable as SVG (print) or PNG. */
export function QrCodeSection({ link, fileSlug }: QrCodeSectionProps) {
  const { t } = useTranslation('forms');
  const [images, setImages] = useState<QrImages | null>(null);
  const [failedLink, setFailedLink] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    Promise.all([
      QRCode.toString(link, { ...options, type: 'svg' }),
      QRCode.toDataURL(link, { ...options, width: 1024 }),
    ]).then(
      ([svg, pngUrl]) => {
        if (isCurrent)
          setImages({ link, svgUrl: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, pngUrl });
      },
      () => {
        if (isCurrent) setFailedLink(link);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [link]);

  return (
    <section className="ui-card" aria-labelledby="form-share-qr">
      <h2 id="form-share-qr">{t('formShare.qr.title')}</h2>
      <p className="ui-hint">{t('formShare.qr.text')}</p>
      {images?.link === link ? (
        <>
          <img className="form-share-qr" src={images.svgUrl} alt={t('formShare.qr.alt', { link })} />
          <div className="ui-toolbar">
            <a className="ui-button ui-button--secondary" href={images.svgUrl} download={`${fileSlug}-qr.svg`}>
              {t('formShare.qr.downloadSvg')}
            </a>
            <a className="ui-button ui-button--secondary" href={images.pngUrl} download={`${fileSlug}-qr.png`}>
              {t('formShare.qr.downloadPng')}
            </a>
          </div>
        </>
      ) : failedLink === link ? (
        <p role="alert" className="ui-error">
          {t('formShare.qr.failed')}
        </p>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </section>
  );
}
