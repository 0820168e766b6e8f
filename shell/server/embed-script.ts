import express from 'express';

/**
 * /embed.js, which a site pastes beside the iframe of an embedded form (the forms area's share page
 * gives both). The form page in the frame reports its height (mfe-forms/src/fill/main.tsx); this sets
 * the frame to it, so the form shows without a scroll bar of its own.
 *
 * Any window can post a message. The frame to size is only ever the one whose own window sent it
 * (`event.source`); the message decides nothing but a height, and that within bounds. Written in ES5,
 * without a build step, because it runs on other people's sites in whatever browser their visitors use.
 */
export const embedScript = `(function () {
  'use strict';
  if (window.__formwerkEmbed) return;
  window.__formwerkEmbed = true;
  var maximumHeight = 100000;
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.type !== 'formwerk:height' || typeof data.height !== 'number' || !isFinite(data.height)) return;
    var frames = document.getElementsByTagName('iframe');
    for (var index = 0; index < frames.length; index++) {
      if (event.source !== null && frames[index].contentWindow === event.source) {
        frames[index].style.height = Math.min(Math.max(Math.ceil(data.height), 0), maximumHeight) + 'px';
        return;
      }
    }
  });
})();
`;

// The address is pasted into other sites once and never changes, so a fix must reach them within a day.
const cacheControl = 'public, max-age=86400';

export function createEmbedScriptRouter(): express.Router {
  const router = express.Router();
  router.get('/embed.js', (_request, response) => {
    response
      .set('Cache-Control', cacheControl)
      // Loaded by other sites' pages: helmet's default `same-origin` would make browsers refuse it.
      .set('Cross-Origin-Resource-Policy', 'cross-origin')
      .type('text/javascript')
      .send(embedScript);
  });
  return router;
}
