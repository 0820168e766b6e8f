import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * A card's height until it is measured: between that of a card with a type and a label line and that of
 * one with a summary line too.
 */
const estimatedCardHeight = 75;
/** The space between two cards: the gap of `.builder-page__fields` (in pixels there too). */
const cardGap = 8;
/**
 * Cards drawn beyond each edge of the window: Tab, and a field moved by keyboard, always find the next
 * card in the document (the browser brings it into view, and the window follows).
 */
const overscan = 3;
/** How far beyond the window a page's cards are drawn at all, as an IntersectionObserver margin. */
const nearMargin = '100%';

/** What the IntersectionObserver below decides, for the first drawing, before it reports. */
const isRectNearWindow = (rect: DOMRect) => rect.top < 2 * window.innerHeight && rect.bottom > -window.innerHeight;

/** One card to draw: its index in the page, and the height of the space before it for cards not drawn. */
export type WindowedCard = { index: number; spaceBefore: number };

type CardWindowOptions = {
  /** The list element, in the document's flow. */
  list: RefObject<HTMLElement | null>;
  /** The ids of the page's fields, in order. */
  fieldIds: string[];
  /** Fields drawn wherever they are: the selected one, the one being dragged. (The focused one too, below.) */
  pinnedIds: (string | null)[];
};

/**
 * Which cards of one page to draw: those in and near the window, and the pinned ones. A page far from
 * the window draws none (a big form has up to fifty pages); spaces stand for the cards not drawn, so the
 * page keeps its height and the scroll bar its meaning. The cards stay in the flow of the list: a card
 * that grows (when it is selected) pushes the next ones down at once.
 */
export function useCardWindow({ list, fieldIds, pinnedIds }: CardWindowOptions) {
  const [listTop, setListTop] = useState(0);
  const [isNear, setIsNear] = useState(false);
  // Read when the window moves, not kept as state: focus moving between cards needs no drawing.
  const focusedId = useRef<string | null>(null);

  // Where the list starts in the document is the window virtualizer's scroll margin. It moves without any
  // scrolling when something above it changes size (a card selected, a notice shown), and the document's
  // size changes with it. It matters only while the page is near the window.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    let isNearNow = false;
    const update = (isNearWindow: boolean) => {
      isNearNow = isNearWindow;
      if (isNearNow) setListTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
      setIsNear(isNearNow);
    };
    update(isRectNearWindow(element.getBoundingClientRect()));
    const resizes = new ResizeObserver(() => update(isNearNow));
    resizes.observe(document.body);
    const intersections = new IntersectionObserver((entries) => update(entries.at(-1)?.isIntersecting ?? false), {
      rootMargin: `${nearMargin} 0px`,
    });
    intersections.observe(element);
    // A focused card stays drawn while the window scrolls away from it, so that focus is not lost.
    const onFocusIn = (event: FocusEvent) => {
      const card = event.target instanceof Element ? event.target.closest('[data-field-id]') : null;
      focusedId.current = card?.getAttribute('data-field-id') ?? null;
    };
    const onFocusOut = () => {
      focusedId.current = null;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      resizes.disconnect();
      intersections.disconnect();
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [list]);

  const getItemKey = useCallback((index: number) => fieldIds[index] ?? index, [fieldIds]);
  const rangeExtractor = (range: Range) => {
    const indexes = new Set(isNear ? defaultRangeExtractor(range) : []);
    for (const id of [...pinnedIds, focusedId.current]) {
      const index = id === null ? -1 : fieldIds.indexOf(id);
      if (index >= 0) indexes.add(index);
    }
    return [...indexes].sort((left, right) => left - right);
  };
  const virtualizer = useWindowVirtualizer({
    count: fieldIds.length,
    estimateSize: () => estimatedCardHeight,
    gap: cardGap,
    overscan,
    scrollMargin: listTop,
    getItemKey,
    rangeExtractor,
    // The cards next to the window are drawn ahead of it: scrolling need not wait for React.
    useFlushSync: false,
  });
  // The browser's scroll anchoring keeps the view where it is when cards above it are drawn or measured
  // (the spaces are list items beside the cards, which anchoring follows); the virtualizer doing it too
  // would move the view twice.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = () => false;

  // A space stands for the cards not drawn. The list's gap falls on either side of it, as of a card.
  const listEnd = listTop + virtualizer.getTotalSize();
  let end = listTop - cardGap;
  const cards: WindowedCard[] = virtualizer.getVirtualItems().map((item) => {
    const spaceBefore = Math.max(item.start - end - 2 * cardGap, 0);
    end = item.end;
    return { index: item.index, spaceBefore };
  });
  return {
    cards,
    spaceAfter: Math.max(listEnd - end - cardGap, 0),
    measureCard: virtualizer.measureElement,
  };
}
