import { type ComponentType, lazy } from 'react';

/** A page whose code loads when it is first shown, or earlier when a link to it is hovered. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * A page of a remote split into a chunk of its own (React's `lazy`): the area's `./routes` module
 * stays small, and a page pulls only its own code. A failed load may be tried again.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** Fetches the code of a page ahead of showing it; nothing for a page that is not lazy. */
export function preloadPage(page: ComponentType | undefined): Promise<unknown> {
  return page && 'preload' in page && typeof page.preload === 'function' ? page.preload() : Promise.resolve();
}
