// @ts-check
// Kept apart from page-entry.mjs and static-pages.mjs (the builds of such pages), so the shell's
// server that fills them in and serves them does not bundle the build tools.

/**
 * The placeholders of a page template. Asset URLs start with `assetBase`, which the shell replaces by
 * the remote's public origin (from its registry entry), so the page loads the remote's files
 * wherever the remote is deployed. `siteOrigin` starts the site's own absolute URLs (a static page's
 * canonical and alternate links), which the shell knows and a remote's build does not.
 */
export const pagePlaceholders = {
  assetBase: '__ASSET_BASE__',
  siteOrigin: '__SITE_ORIGIN__',
  language: '__LANG__',
  title: '__TITLE__',
  body: '__BODY__',
  data: '__DATA__',
};

/**
 * Where a remote's static pages are (static-pages.mjs): the directory under its origin, and the manifest
 * in it, `{ pages: { [path]: file } }`, which names each page's file relative to that directory.
 */
export const staticPagesLocation = { directory: 'pages', manifest: 'pages.json' };
