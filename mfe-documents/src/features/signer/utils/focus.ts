/** Focus fell to the page itself: what held it is gone (a step of the page replaced by the next). */
export const hasLostFocus = () => document.activeElement === null || document.activeElement === document.body;
