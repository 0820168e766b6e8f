import type { ComponentType } from 'react';
import type { Locale } from '../locale/locale';

/** What a remote's `./routes` expose gives the shell: its pages by key and its messages. */
export type AreaModule = {
  namespace: string;
  messages: Record<Locale, Record<string, unknown>>;
  pages: Record<string, ComponentType>;
};
