import type { ComponentType } from 'react';
import type { Locale } from '../locale/locale';

/** Where a navigation goes: the route's parameters and the query, for a page to read its data ahead. */
export type PageTarget = { params: Record<string, string | undefined>; search: URLSearchParams };

/** An area's texts in one language, as its locale files hold them. */
export type AreaMessages = Record<string, unknown>;

/** What a remote's `./routes` expose gives the shell: its pages by key and its messages. */
export type AreaModule = {
  /**
   * The platform contract it was built against (`platformContractVersion` of
   * `@formwerk/platform/contract`, bundled into the remote): the shell mounts an area of its own major
   * only.
   */
  contractVersion: string;
  namespace: string;
  /**
   * The area's texts by language, each a chunk of its own, loaded when a page is first shown in that
   * language: a visitor downloads the texts of the language they read only.
   */
  messages: Record<Locale, () => Promise<AreaMessages>>;
  pages: Record<string, ComponentType>;
  /**
   * Asks for a page's data beside its code, by page key: when the page's route loads and when a link to
   * it is hovered or focused, so the answer is on its way before the page first renders. What it asks
   * for lands in the area's cache, where the page reads it; a failure is the page's to show, not this.
   */
  prefetch?: Partial<Record<string, (target: PageTarget) => void>>;
};
