/** The message /embed.js reads (shell/server/embed-script.ts). */
export type HeightMessage = { type: 'formwerk:height'; formId: string | null; height: number };

/**
 * In another site's frame (the share page's embed code), tells that site how tall the page is; its
 * /embed.js sets the frame to it. Posted to any origin: the embedding site is not known here, and a
 * form's height is no secret.
 */
export function reportHeightToEmbeddingSite(formId: string | null) {
  // Lets the page be as tall as its content (fill.css): a page filling the frame could never shrink it.
  document.documentElement.classList.add('fw-embedded');
  const postHeight = () => {
    const message: HeightMessage = {
      type: 'formwerk:height',
      formId,
      height: Math.ceil(document.body.getBoundingClientRect().height),
    };
    window.parent.postMessage(message, '*');
  };
  window.addEventListener('load', postHeight);
  // Pages of the form, conditions, error messages and the thank-you change the height after load.
  new ResizeObserver(postHeight).observe(document.body);
}
