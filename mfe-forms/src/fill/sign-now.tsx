import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import de from './locales/de/sign-now.json';
import en from './locales/en/sign-now.json';

const texts = { de, en };

/** Only the site's own signing page is linked: the path comes from the api's answer. */
const signingPathPattern = /^(\/en)?\/form\/signed\?token=[A-Za-z0-9_%-]+$/;

export const isSigningPath = (path: unknown): path is string =>
  typeof path === 'string' && signingPathPattern.test(path);

/**
 * The respondent's last step when the form sends them a document to sign at once: a primary action in
 * the thank-you, to the signing page (where a mailed code proves the address is theirs). The thank-you is
 * the renderer's, drawn once the submit is done, so the action is placed into it when it appears.
 */
export function SignNow({ path, locale }: { path: string | null; locale: 'de' | 'en' }) {
  const [receipt, setReceipt] = useState<Element | null>(null);
  useEffect(() => {
    if (!path) return;
    const find = () => document.querySelector('.fw-receipt');
    const found = find();
    if (found) {
      setReceipt(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const appeared = find();
      if (!appeared) return;
      observer.disconnect();
      setReceipt(appeared);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [path]);
  if (!path || !receipt) return null;
  const text = texts[locale];
  return createPortal(
    <div className="fill-sign-now">
      <h2 className="fill-sign-now__title">{text.title}</h2>
      <p>{text.text}</p>
      <a className="fw-button" href={path}>
        {text.action}
      </a>
    </div>,
    receipt,
  );
}
