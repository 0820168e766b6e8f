import { answerMediaQueries } from '@formwerk/ui/testing';

// jsdom has no modal dialogs yet (https://github.com/jsdom/jsdom/issues/3294): open and close as an
// attribute, enough for the ConfirmDialog of every page.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

// Components that fold on a phone (the builder's palette sheet) are tested in their phone form.
answerMediaQueries(true);

// jsdom lays nothing out, and lacks what xyflow measures with (https://reactflow.dev/learn/advanced-use/testing):
// a ResizeObserver that never reports and the DOMMatrix that reads the canvas's zoom are enough to draw
// the workflow canvas; its nodes show at the sizes the editor gives them before measuring.
class SilentResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= SilentResizeObserver;
class IdentityMatrix {
  readonly m22 = 1;
}
globalThis.DOMMatrixReadOnly ??= IdentityMatrix as unknown as typeof DOMMatrixReadOnly;
