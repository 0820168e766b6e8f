// @ts-check
// Caching rules for built front-end files: content-hashed files never change, entry files always can.

const hashedAsset = /\.[0-9a-f]{8,}\.(js|css|map)$/;

/** @param {string} path */
export function cacheControlFor(path) {
  return hashedAsset.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
