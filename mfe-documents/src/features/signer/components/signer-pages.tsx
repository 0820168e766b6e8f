import { useLocale } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { Check, Square, SquareCheckBig, ZoomIn, ZoomOut } from 'lucide-react';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import { useShownPrefilled } from '../hooks/use-shown-prefilled';
import {
  type FieldValues,
  fieldBoxId,
  isFilled,
  type PrefilledField,
  type SignerField,
  shownText,
} from '../utils/field-values';

// PDF.js parses in a worker started from this URL (the remote's origin, allowed by CORS); set beside the
// components, as react-pdf asks (its README: "Configure PDF.js worker"), as the templates' pages do.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.mjs', import.meta.url).toString();

const zoomSteps = [0.75, 1, 1.25, 1.5, 2];
const widestPage = 900;
// A page not measured yet is drawn as tall as an A4 page is for its width.
const defaultRatio = Math.SQRT2;
// Pages this far outside the view (in view heights) are drawn; farther ones are empty boxes of their size.
const drawAhead = '150% 0px';
// A value's text on the page: about half its box's height, never below legible or above heading size.
const minTextPx = 8;
const maxTextPx = 22;
// Roughly how wide a character of the page's sans-serif text is, and a box's padding on both sides, in
// font sizes (.signer-prefilled-box).
const charWidthPerSize = 0.55;
const paddingPerSize = 0.4;

const textPxOf = (field: SignerField, pageHeight: number) =>
  Math.max(minTextPx, Math.min(maxTextPx, field.height * pageHeight * 0.55));

/** A box at its field's shares of the page, its text this large. */
const boxStyle = (field: SignerField, textPx: number): CSSProperties => ({
  left: `${field.x * 100}%`,
  top: `${field.y * 100}%`,
  width: `${field.width * 100}%`,
  height: `${field.height * 100}%`,
  fontSize: `${textPx}px`,
});

type SignerPagesProps = {
  fileUrl: string;
  pageCount: number;
  /** The recipient's own fields; none for those who only look. */
  fields: readonly SignerField[];
  /** The fields of their role filled before sending: drawn with their values, not to be pressed. */
  prefilled: readonly PrefilledField[];
  values: FieldValues;
  currentFieldId: string | null;
  onFieldPress: (fieldId: string) => void;
  /** Once the PDF is read: for a viewer, that is their part done. */
  onLoaded?: () => void;
};

function FieldBox({
  field,
  value,
  isCurrent,
  pageCount,
  pageHeight,
  onPress,
}: {
  field: SignerField;
  value: FieldValues[string] | undefined;
  isCurrent: boolean;
  pageCount: number;
  pageHeight: number;
  onPress: () => void;
}) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const name = field.label ?? t(`signer.fields.kinds.${field.kind}`);
  const filled = isFilled(value);
  const label = t('signer.fields.boxLabel', {
    name,
    page: field.page + 1,
    total: pageCount,
    state: t(filled ? 'signer.fields.filled' : field.required ? 'signer.fields.requiredEmpty' : 'signer.fields.empty'),
  });
  // An empty box shows what goes in it; a checkbox's box is too small for words and stays empty.
  let face: ReactNode =
    field.kind === 'checkbox' ? null : (
      <span className="signer-field__placeholder" aria-hidden="true">
        {name}
        {field.required ? ' *' : ''}
      </span>
    );
  if (filled && typeof value === 'object') {
    face = <img src={`data:image/png;base64,${value.png}`} alt="" />;
  } else if (filled && value === true) {
    face = <Icon icon={Check} />;
  } else if (filled && typeof value === 'string') {
    face = <span className="signer-field__text">{shownText(field, value, locale)}</span>;
  }
  return (
    <button
      type="button"
      id={fieldBoxId(field.id)}
      className={[
        'signer-field',
        `signer-field--${field.kind}`,
        filled ? 'signer-field--filled' : field.required ? 'signer-field--required' : '',
        isCurrent ? 'signer-field--current' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      style={boxStyle(field, textPxOf(field, pageHeight))}
      aria-label={label}
      aria-current={isCurrent ? 'true' : undefined}
      onClick={onPress}
    >
      {face}
    </button>
  );
}

/**
 * A value filled from the form's answers, where the seal will draw it: plain on the page, without the
 * frame of a field to fill, and no control (it cannot be changed). A long text shrinks to fit its box's
 * width, as the seal's does, before it is cut.
 */
function PrefilledBox({
  prefilled,
  pageWidth,
  pageHeight,
}: {
  prefilled: PrefilledField;
  pageWidth: number;
  pageHeight: number;
}) {
  const { t } = useTranslation('documents');
  const shown = useShownPrefilled();
  const { field, value } = prefilled;
  const { name, text } = shown(prefilled);
  const byHeight = textPxOf(field, pageHeight);
  const byWidth = (field.width * pageWidth) / (text.length * charWidthPerSize + paddingPerSize);
  const textPx = typeof value === 'string' ? Math.max(minTextPx, Math.min(byHeight, byWidth)) : byHeight;
  return (
    <div
      role="img"
      className={`signer-prefilled-box signer-prefilled-box--${field.kind}`}
      style={boxStyle(field, textPx)}
      title={t('signer.prefilled.title', { value: text })}
      aria-label={t('signer.prefilled.boxLabel', { name, value: text })}
    >
      {typeof value === 'boolean' ? (
        <Icon icon={value ? SquareCheckBig : Square} />
      ) : (
        <span className="signer-prefilled-box__text">{text}</span>
      )}
    </div>
  );
}

/**
 * The document's pages one below the other, fitted to the width, with the recipient's fields over them
 * at their shares of the page. Only the pages near the view are drawn; each keeps its size either way.
 */
export function SignerPages({
  fileUrl,
  pageCount,
  fields,
  prefilled,
  values,
  currentFieldId,
  onFieldPress,
  onLoaded,
}: SignerPagesProps) {
  const { t } = useTranslation('documents');
  const frame = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  const [frameWidth, setFrameWidth] = useState(0);
  const [ratios, setRatios] = useState<Record<number, number>>({});
  const [nearPages, setNearPages] = useState<Set<number> | null>(null);
  const [isLoaded, setIsLoaded] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setFrameWidth(Math.max(200, element.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Which pages are near the view (the window scrolls them); without IntersectionObserver (tests) every page is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pages are observed again once laid out, and when their count or size changes
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) =>
        setNearPages((current) => {
          const next = new Set(current);
          for (const entry of entries) {
            const page = Number((entry.target as HTMLElement).dataset.pageIndex);
            if (entry.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        }),
      { rootMargin: drawAhead },
    );
    for (const page of element.querySelectorAll('[data-page-index]')) observer.observe(page);
    return () => observer.disconnect();
  }, [pageCount, frameWidth, isLoaded]);

  const fieldsByPage = useMemo(() => {
    const byPage = new Map<number, SignerField[]>();
    for (const field of fields) byPage.set(field.page, [...(byPage.get(field.page) ?? []), field]);
    return byPage;
  }, [fields]);

  const pageWidth = Math.round(Math.min(frameWidth, widestPage) * zoom);
  const knownRatio = Object.values(ratios)[0] ?? defaultRatio;
  const onRatio = (index: number, ratio: number) =>
    setRatios((current) => (Math.abs((current[index] ?? 0) - ratio) < 1e-6 ? current : { ...current, [index]: ratio }));

  return (
    <section className="signer-pages" aria-label={t('signer.pages.label')}>
      <div className="signer-pages__toolbar" role="toolbar" aria-label={t('signer.pages.zoomLabel')}>
        <Button
          variant="secondary"
          className="ui-button--small"
          disabled={zoom <= (zoomSteps[0] ?? 1)}
          onClick={() =>
            setZoom((current) => [...zoomSteps].reverse().find((step) => step < current - 0.01) ?? current)
          }
        >
          <Icon icon={ZoomOut} />
          <span className="ui-visually-hidden">{t('signer.pages.zoomOut')}</span>
        </Button>
        <span className="signer-pages__zoom">{t('signer.pages.zoom', { percent: Math.round(zoom * 100) })}</span>
        <Button
          variant="secondary"
          className="ui-button--small"
          disabled={zoom >= (zoomSteps.at(-1) ?? 1)}
          onClick={() => setZoom((current) => zoomSteps.find((step) => step > current + 0.01) ?? current)}
        >
          <Icon icon={ZoomIn} />
          <span className="ui-visually-hidden">{t('signer.pages.zoomIn')}</span>
        </Button>
      </div>
      <div ref={frame} className="signer-pages__frame">
        {hasFailed ? (
          <p role="alert" className="ui-notice ui-notice--error">
            {t('signer.pages.failed')}
          </p>
        ) : (
          // Without suspense (react-pdf 11 suspends by default): the page would vanish behind a fallback.
          <Document
            file={fileUrl}
            suspense={false}
            className="signer-pages__document"
            loading={<p role="status">{t('signer.pages.loading')}</p>}
            onLoadSuccess={() => {
              setIsLoaded(true);
              onLoaded?.();
            }}
            onLoadError={() => setHasFailed(true)}
          >
            {frameWidth > 0
              ? Array.from({ length: pageCount }, (_, index) => {
                  const ratio = ratios[index] ?? knownRatio;
                  const isDrawn = nearPages === null || nearPages.has(index);
                  return (
                    // biome-ignore lint/a11y/useSemanticElements: a page of the PDF, the group of the fields on it, not form controls
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: a page of the PDF is its number
                      key={index}
                      data-page-index={index}
                      role="group"
                      aria-label={t('signer.pages.page', { page: index + 1, total: pageCount })}
                      className="signer-sheet"
                      style={{ width: pageWidth, height: pageWidth * ratio }}
                    >
                      {isDrawn ? (
                        <Page
                          suspense={false}
                          pageNumber={index + 1}
                          width={pageWidth}
                          renderTextLayer={false}
                          renderAnnotationLayer={false}
                          loading={<span className="ui-hint">{t('signer.pages.loading')}</span>}
                          onLoadSuccess={(page) => {
                            // The page as a viewer shows it (turned by its /Rotate): the fields' shares are of this box.
                            const viewport = page.getViewport({ scale: 1 });
                            if (viewport.width > 0) onRatio(index, viewport.height / viewport.width);
                          }}
                        />
                      ) : null}
                      {prefilled
                        .filter((each) => each.field.page === index)
                        .map((each) => (
                          <PrefilledBox
                            key={each.field.id}
                            prefilled={each}
                            pageWidth={pageWidth}
                            pageHeight={pageWidth * ratio}
                          />
                        ))}
                      {(fieldsByPage.get(index) ?? []).map((field) => (
                        <FieldBox
                          key={field.id}
                          field={field}
                          value={values[field.id]}
                          isCurrent={field.id === currentFieldId}
                          pageCount={pageCount}
                          pageHeight={pageWidth * ratio}
                          onPress={() => onFieldPress(field.id)}
                        />
                      ))}
                    </div>
                  );
                })
              : null}
          </Document>
        )}
      </div>
    </section>
  );
}
