import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { FormDefinition } from '@formwerk/contracts';
import { ConfirmDialog, Icon } from '@formwerk/ui';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/shallow';
import { useFormBuilderStore } from '../stores/form-builder-store';
import { findPage, movePage, removePage } from '../utils/definition-edits';
import { PageFields } from './page-fields';

const pageIn = (definition: FormDefinition | null, pageId: string) =>
  definition ? findPage(definition, pageId) : undefined;

type PageSectionProps = {
  pageId: string;
  number: number;
  pageCount: number;
  /** Fields before this page, to know whether a field here is the form's first or last. */
  isFirstPage: boolean;
  isLastPage: boolean;
  /** A drag is over this page (over the page itself or one of its fields). */
  isDropTarget: boolean;
  /** The field of this page being dragged, if one is. */
  draggedFieldId: string | null;
};

/**
 * One page of the canvas: its fields in order, a place to drop new ones, and the page's own actions.
 * Memoized like the field cards, and selecting only its own page: an edit on another page does not
 * draw this one again. Of its fields, only the cards in and near the window are drawn (PageFields).
 */
export const PageSection = memo(function PageSection({
  pageId,
  number,
  pageCount,
  isFirstPage,
  isLastPage,
  isDropTarget,
  draggedFieldId,
}: PageSectionProps) {
  const { t } = useTranslation('forms');
  const page = useFormBuilderStore((state) => pageIn(state.definition, pageId));
  // The same array while the page holds the same fields in the same order, whatever else changed in them:
  // a new one would have dnd-kit draw every sortable card of the page again.
  const fieldIds = useFormBuilderStore(
    useShallow((state) => pageIn(state.definition, pageId)?.fields.map((field) => field.id) ?? []),
  );
  const isSelected = useFormBuilderStore((state) => state.selection.kind === 'page' && state.selection.id === pageId);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  if (!page) return null;
  const { edit, select } = useFormBuilderStore.getState();
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
        <PageFields
          page={page}
          fieldIds={fieldIds}
          isFirstPage={isFirstPage}
          isLastPage={isLastPage}
          draggedFieldId={draggedFieldId}
        />
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
