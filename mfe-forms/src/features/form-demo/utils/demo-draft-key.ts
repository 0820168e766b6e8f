/**
 * The demo's form, kept in this browser only until its visitor signs up (decision 033). The key
 * carries the format's version: a later format reads its own key and leaves this one to expire with
 * the visitor's storage, never misreading it.
 */
export const demoDraftKey = 'formwerk:demo-form:v1';

/**
 * Whether this browser keeps a demo draft, without reading it: zod-free, for the signed-in pages
 * every visitor loads. Storage the browser refuses counts as none.
 */
export function isDemoDraftKept(): boolean {
  try {
    return localStorage.getItem(demoDraftKey) !== null;
  } catch {
    return false;
  }
}
