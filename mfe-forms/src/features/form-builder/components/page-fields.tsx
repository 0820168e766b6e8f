import { useDroppable } from '@dnd-kit/core';
import type { FormPage } from '@formwerk/contracts';
import { Fragment, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardWindow } from '../hooks/use-card-window';
import { useFormBuilderStore } from '../stores/form-builder-store';
import { FieldCard } from './field-card';

export const pageDropId = (pageId: string) => `page:${pageId}`;

type PageFieldsProps = {
  page: FormPage;
  /** The ids of the page's fields, the same array while they are. */
  fieldIds: string[];
  isFirstPage: boolean;
  isLastPage: boolean;
  /** The field of this page being dragged, if one is. */
  draggedFieldId: string | null;
};

/** The room of cards not drawn: nothing to a screen reader, which learns of them from the cards' places. */
function CardSpace({ height }: { height: number }) {
  return <li aria-hidden="true" className="builder-page__space" style={{ height }} />;
}

/**
 * The list of one page's fields, where fields are dropped: the cards in or near the window
 * (useCardWindow), with spaces for the others. A component of its own, because it is drawn again as
 * the window scrolls: the page around it is not.
 */
export const PageFields = memo(function PageFields({
  page,
  fieldIds,
  isFirstPage,
  isLastPage,
  draggedFieldId,
}: PageFieldsProps) {
  const { t } = useTranslation('forms');
  const selectedFieldId = useFormBuilderStore((state) =>
    state.selection.kind === 'field' && fieldIds.includes(state.selection.id) ? state.selection.id : null,
  );
  const { setNodeRef, node } = useDroppable({ id: pageDropId(page.id), data: { kind: 'page', pageId: page.id } });
  const { cards, spaceAfter, measureCard } = useCardWindow({
    list: node,
    fieldIds,
    pinnedIds: [selectedFieldId, draggedFieldId],
  });
  return (
    <ul ref={setNodeRef} className="builder-page__fields">
      {cards.map(({ index, spaceBefore }) => {
        const field = page.fields[index];
        if (!field) return null;
        return (
          <Fragment key={field.id}>
            {spaceBefore > 0 ? <CardSpace height={spaceBefore} /> : null}
            {/* Screen readers tell the card's place among all of the page's, drawn or not. */}
            <li ref={measureCard} data-index={index} aria-posinset={index + 1} aria-setsize={page.fields.length}>
              <FieldCard
                field={field}
                pageId={page.id}
                isFirst={isFirstPage && index === 0}
                isLast={isLastPage && index === page.fields.length - 1}
              />
            </li>
          </Fragment>
        );
      })}
      {spaceAfter > 0 ? <CardSpace height={spaceAfter} /> : null}
      {page.fields.length === 0 ? <li className="builder-page__empty">{t('builder.canvas.emptyPage')}</li> : null}
    </ul>
  );
});
