import { useDroppable } from '@dnd-kit/core';
import type { TemplateField, TemplateRole } from '@formwerk/contracts';
import { Button, Icon } from '@formwerk/ui';
import { ZoomIn, ZoomOut } from 'lucide-react';
import { type MouseEvent, type ReactNode, type RefObject, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import { useTemplatesStore } from '../stores/templates-store';
import { roleLookOf } from '../utils/role-look';
import type { Box } from '../utils/template-geometry';
import type { FieldProblem } from '../utils/template-problems';
import { findVisiblePage } from '../utils/visible-page';
import { PlacedField } from './placed-field';

// PDF.js parses in a worker started from this URL (the remote's origin, allowed by CORS); set beside the
// components, as react-pdf asks (its README: "Configure PDF.js worker"), as the library's preview does.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.mjs', import.meta.url).toString();

// Zoom as a share of the width that fits the frame; pages are never drawn wider than `widestPage`.
const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2];
const widestPage = 900;
// The frame's inner padding, left and right, that a fitted page leaves free.
const framePadding = 32;
// A page not measured yet is drawn as tall as an A4 page is for its width.
const defaultRatio = Math.SQRT2;
// Pages this far outside the frame (in frame heights) are drawn; farther ones are empty boxes of their size.
const drawAhead = '150% 0px';

type FieldCallbacks = {
  onSelect: (fieldId: string) => void;
  onMoveBy: (fieldId: string, dx: number, dy: number) => void;
  onResize: (fieldId: string, box: Box) => void;
  onRemove: (fieldId: string) => void;
  onEdit: (fieldId: string) => void;
};

type TemplatePagesProps = FieldCallbacks & {
  /** Where the PDF is, to show in the api's sandbox. */
  fileUrl: string;
  pageCount: number;
  roles: TemplateRole[];
  fields: TemplateField[];
  selectedFieldId: string | null;
  fieldProblems: Map<string, FieldProblem>;
  /** The frame the pages scroll in: the editor finds the page in view through it. */
  frame: RefObject<HTMLDivElement | null>;
  isPlacing: boolean;
  /** A press on a page (not on a field), at shares of the page. */
  onPagePress: (page: number, x: number, y: number) => void;
  onCurrentPageChange: (page: number) => void;
};

type TemplatePageProps = {
  index: number;
  pageCount: number;
  width: number;
  ratio: number;
  isDrawn: boolean;
  onRatio: (index: number, ratio: number) => void;
  onPress: (page: number, x: number, y: number) => void;
  children: ReactNode;
};

/** One page: the PDF's picture when near the view, the fields over it, and a drop target for fields. */
function TemplatePage({ index, pageCount, width, ratio, isDrawn, onRatio, onPress, children }: TemplatePageProps) {
  const { t } = useTranslation('documents');
  const { setNodeRef, isOver } = useDroppable({ id: `page:${index}`, data: { pageIndex: index } });
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const page = event.currentTarget.getBoundingClientRect();
    if (page.width === 0 || page.height === 0) return onPress(index, 0.5, 0.5);
    onPress(index, (event.clientX - page.left) / page.width, (event.clientY - page.top) / page.height);
  };
  const loading = <p className="ui-hint templates-page__loading">{t('templates.pages.loading')}</p>;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a press places the field chosen, where it lands; "Add field" places it by keyboard
    // biome-ignore lint/a11y/useSemanticElements: a page of the PDF, the group of the fields on it, not form controls
    <div
      ref={setNodeRef}
      data-page-index={index}
      role="group"
      aria-label={t('templates.pages.page', { page: index + 1, count: pageCount })}
      tabIndex={-1}
      className={`templates-page${isOver ? ' templates-page--over' : ''}`}
      style={{ width, height: width * ratio }}
      onClick={onClick}
    >
      {isDrawn ? (
        <Page
          suspense={false}
          pageNumber={index + 1}
          width={width}
          renderTextLayer={false}
          renderAnnotationLayer={false}
          loading={loading}
          onLoadSuccess={(page) => {
            // The page as a viewer shows it (turned by its /Rotate): the fields' shares are of this box.
            const viewport = page.getViewport({ scale: 1 });
            if (viewport.width > 0) onRatio(index, viewport.height / viewport.width);
          }}
        />
      ) : null}
      <div className="templates-page__fields">{children}</div>
    </div>
  );
}

/**
 * The PDF's pages one below the other in a frame of their own, at a zoom, with the fields on them. Only
 * the pages near the view are drawn (a long contract stays light); each keeps its size either way.
 */
export function TemplatePages({
  fileUrl,
  pageCount,
  roles,
  fields,
  selectedFieldId,
  fieldProblems,
  frame,
  isPlacing,
  onPagePress,
  onCurrentPageChange,
  ...callbacks
}: TemplatePagesProps) {
  const { t } = useTranslation('documents');
  const [zoom, setZoom] = useState(1);
  const [frameWidth, setFrameWidth] = useState(0);
  const [ratios, setRatios] = useState<Record<number, number>>({});
  const [nearPages, setNearPages] = useState<Set<number> | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  // A document to send may have been deleted from the library meanwhile; a template keeps its own copy.
  const isDocument = useTemplatesStore((state) => state.mode === 'send');
  // The pages are laid out once the PDF is read; only then can they be observed.
  const [isLoaded, setIsLoaded] = useState(false);

  // The width a fitted page takes follows the frame (a phone turned, a window resized).
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setFrameWidth(Math.max(160, element.clientWidth - framePadding));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame]);

  // Which pages are near the view; without IntersectionObserver (tests) every page is.
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
      { root: element, rootMargin: drawAhead },
    );
    for (const page of element.querySelectorAll('[data-page-index]')) observer.observe(page);
    return () => observer.disconnect();
  }, [frame, pageCount, frameWidth, isLoaded]);

  // The page most in view, for the page list and "Add field", as the frame scrolls.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let scheduled = 0;
    const onScroll = () => {
      cancelAnimationFrame(scheduled);
      scheduled = requestAnimationFrame(() => {
        const visible = findVisiblePage(element);
        if (visible) onCurrentPageChange(visible.page);
      });
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(scheduled);
    };
  }, [frame, onCurrentPageChange]);

  const fieldsByPage = useMemo(() => {
    const byPage = new Map<number, TemplateField[]>();
    for (const field of fields) byPage.set(field.page, [...(byPage.get(field.page) ?? []), field]);
    return byPage;
  }, [fields]);
  const roleIndexes = useMemo(() => new Map(roles.map((role, index) => [role.id, index])), [roles]);
  // Made once per change of the roles, so that a field drawn again gets the same look (PlacedField is memo).
  const looks = useMemo(() => roles.map((_role, index) => roleLookOf(index)), [roles]);

  const pageWidth = Math.round(Math.min(frameWidth, widestPage) * zoom);
  const knownRatio = Object.values(ratios)[0] ?? defaultRatio;
  const onRatio = (index: number, ratio: number) =>
    setRatios((current) => (Math.abs((current[index] ?? 0) - ratio) < 1e-6 ? current : { ...current, [index]: ratio }));
  const zoomIn = () => setZoom((current) => zoomSteps.find((step) => step > current + 0.01) ?? current);
  const zoomOut = () => setZoom((current) => [...zoomSteps].reverse().find((step) => step < current - 0.01) ?? current);

  return (
    <section className="templates-pages" aria-label={t('templates.pages.label')}>
      <div className="templates-pages__toolbar" role="toolbar" aria-label={t('templates.pages.zoomLabel')}>
        <Button
          variant="secondary"
          className="ui-button--small"
          disabled={zoom <= (zoomSteps[0] ?? 1)}
          onClick={zoomOut}
        >
          <Icon icon={ZoomOut} />
          <span className="ui-visually-hidden">{t('templates.pages.zoomOut')}</span>
        </Button>
        <span className="templates-pages__zoom">{t('templates.pages.zoom', { percent: Math.round(zoom * 100) })}</span>
        <Button
          variant="secondary"
          className="ui-button--small"
          disabled={zoom >= (zoomSteps.at(-1) ?? 1)}
          onClick={zoomIn}
        >
          <Icon icon={ZoomIn} />
          <span className="ui-visually-hidden">{t('templates.pages.zoomIn')}</span>
        </Button>
        <Button variant="secondary" className="ui-button--small" aria-pressed={zoom === 1} onClick={() => setZoom(1)}>
          {t('templates.pages.fitWidth')}
        </Button>
      </div>
      <div ref={frame} className={`templates-frame${isPlacing ? ' templates-frame--placing' : ''}`}>
        {hasFailed ? (
          <p role="alert">{isDocument ? t('templates.pages.failedDocument') : t('templates.pages.failed')}</p>
        ) : (
          // Without suspense (react-pdf 11 suspends by default): the editor would vanish behind a fallback.
          <Document
            file={fileUrl}
            suspense={false}
            className="templates-pages__document"
            loading={<p className="ui-hint">{t('templates.pages.loading')}</p>}
            onLoadSuccess={() => setIsLoaded(true)}
            onLoadError={() => setHasFailed(true)}
          >
            {frameWidth > 0
              ? Array.from({ length: pageCount }, (_, index) => (
                  <TemplatePage
                    // biome-ignore lint/suspicious/noArrayIndexKey: a page of the PDF is its number
                    key={index}
                    index={index}
                    pageCount={pageCount}
                    width={pageWidth}
                    ratio={ratios[index] ?? knownRatio}
                    isDrawn={nearPages === null || nearPages.has(index)}
                    onRatio={onRatio}
                    onPress={onPagePress}
                  >
                    {(fieldsByPage.get(index) ?? []).map((field) => {
                      const roleIndex = roleIndexes.get(field.roleId) ?? 0;
                      return (
                        <PlacedField
                          key={field.id}
                          field={field}
                          role={roles[roleIndex]}
                          look={looks[roleIndex] ?? roleLookOf(roleIndex)}
                          pageCount={pageCount}
                          isSelected={field.id === selectedFieldId}
                          hasProblem={fieldProblems.has(field.id)}
                          {...callbacks}
                        />
                      );
                    })}
                  </TemplatePage>
                ))
              : null}
          </Document>
        )}
      </div>
    </section>
  );
}
