// @ts-check
// Kept apart from page-entry.mjs (the build of such a page), so the shell's server that fills them
// in does not bundle the build tools.

/**
 * The placeholders of a page template. Asset URLs start with `assetBase`, which the shell replaces by
 * the remote's public origin (from its registry entry), so the page loads the remote's files
 * wherever the remote is deployed.
 */
export const pagePlaceholders = {
  assetBase: '__ASSET_BASE__',
  language: '__LANG__',
  title: '__TITLE__',
  body: '__BODY__',
  data: '__DATA__',
};
