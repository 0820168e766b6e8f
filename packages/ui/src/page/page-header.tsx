import { type ReactNode, useEffect } from 'react';

type PageHeaderProps = { title: string; description?: string; eyebrow?: string; actions?: ReactNode };

/** The title block every page starts with, so a user always knows where they are. */
export function PageHeader({ title, description, eyebrow, actions }: PageHeaderProps) {
  useEffect(() => {
    // The tab and the browser history name the page as its heading does.
    document.title = eyebrow ? `${title} · ${eyebrow}` : title;
  }, [title, eyebrow]);
  return (
    <header className="ui-page-header">
      <div>
        {eyebrow ? <p className="ui-page-header__eyebrow">{eyebrow}</p> : null}
        <h1 className="ui-page-header__title">{title}</h1>
        {description ? <p className="ui-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="ui-page-header__actions">{actions}</div> : null}
    </header>
  );
}
