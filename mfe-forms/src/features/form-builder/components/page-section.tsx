import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { FormPage } from '@formwerk/contracts';
import { ConfirmDialog, Icon } from '@formwerk/ui';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormBuilderStore } from '../stores/form-builder-store';
import { movePage, removePage } from '../utils/definition-edits';
import { FieldCard } from './field-card';

export const pageDropId = (pageId: string) => `page:${pageId}`;

type PageSectionProps = {
  page: FormPage;
  number: number;
  pageCount: number;
  /** Fields before this page, to know whether a field here is the form's first or last. */
  isFirstPage: boolean;
  isLastPage: boolean;
  /** A drag is over this page (over the page itself or one of its fields). */
  isDropTarget: boolean;
};

/**
 * One page of the canvas: its fields in order, a place to drop new ones, and the page's own actions.
 * Memoized like the field cards: an edit on another page does not draw this one again.
 */
export const PageSection = memo(function PageSection({
  page,
  number,
  pageCount,
  isFirstPage,
  isLastPage,
  isDropTarget,
}: PageSectionProps) {
  const { t } = useTranslation('forms');
  // The same array while the page's fields are the same: a new one would redraw every sortable card.
  const fieldIds = useMemo(() => page.fields.map((field) => field.id), [page.fields]);
  const isSelected = useFormBuilderStore((state) => state.selection.kind === 'page' && state.selection.id === page.id);
  const edit = useFormBuilderStore((state) => state.edit);
  const select = useFormBuilderStore((state) => state.select);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const { setNodeRef } = useDroppable({ id: pageDropId(page.id), data: { kind: 'page', pageId: page.id } });
  const heading = page.title
    ? t('builder.canvas.pageTitled', { number, title: page.title })
    : t('builder.canvas.page', { number });

  const onDelete = () => {
    setIsConfirmingDelete(false);
    edit((draft) => removePage(draft, page.id));
    select({ kind: 'form' });
  };

  return (
    <section
      className={`builder-page${isSelected ? ' builder-page--selected' : ''}${isDropTarget ? ' builder-page--over' : ''}`}
      aria-label={heading}
    >
      <header className="builder-page__header">
        <button
          type="button"
          className="builder-page__title"
          aria-pressed={isSelected}
          aria-label={t('builder.canvas.selectPage', { number })}
          onClick={() => select({ kind: 'page', id: page.id })}
        >
          <h2>{heading}</h2>
          {page.skipWhen ? <span className="ui-badge">{t('builder.canvas.conditional')}</span> : null}
        </button>
        {pageCount > 1 ? (
          <div className="builder-page__actions">
            <button
              type="button"
              className="ui-button ui-button--ghost ui-button--small"
              aria-label={t('builder.page.moveUp')}
              title={t('builder.page.moveUp')}
              disabled={number === 1}
              onClick={() => edit((draft) => movePage(draft, page.id, -1))}
            >
              <Icon icon={ArrowUp} />
            </button>
            <button
              type="button"
              className="ui-button ui-button--ghost ui-button--small"
              aria-label={t('builder.page.moveDown')}
              title={t('builder.page.moveDown')}
              disabled={number === pageCount}
              onClick={() => edit((draft) => movePage(draft, page.id, 1))}
            >
              <Icon icon={ArrowDown} />
            </button>
            <button
              type="button"
              className="ui-button ui-button--ghost ui-button--small ui-button--danger"
              aria-label={t('builder.page.delete')}
              title={t('builder.page.delete')}
              onClick={() => (page.fields.length > 0 ? setIsConfirmingDelete(true) : onDelete())}
            >
              <Icon icon={Trash2} />
            </button>
          </div>
        ) : null}
      </header>
      <SortableContext items={fieldIds} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="builder-page__fields">
          {page.fields.map((field, index) => (
            <FieldCard
              key={field.id}
              field={field}
              pageId={page.id}
              isFirst={isFirstPage && index === 0}
              isLast={isLastPage && index === page.fields.length - 1}
            />
          ))}
          {page.fields.length === 0 ? <li className="builder-page__empty">{t('builder.canvas.emptyPage')}</li> : null}
        </ul>
      </SortableContext>
      <ConfirmDialog
        isOpen={isConfirmingDelete}
        title={t('builder.page.deleteTitle', { number })}
        confirmLabel={t('builder.page.delete')}
        cancelLabel={t('cancel')}
        onConfirm={onDelete}
        onCancel={() => setIsConfirmingDelete(false)}
      >
        <p>{t('builder.page.deleteText', { count: page.fields.length })}</p>
      </ConfirmDialog>
    </section>
  );
});
