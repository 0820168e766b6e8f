// jsdom has no modal dialogs yet (https://github.com/jsdom/jsdom/issues/3294): open and close as an
// attribute, enough for the ConfirmDialog of every page.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};
