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
