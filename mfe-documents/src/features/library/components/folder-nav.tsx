import type { DocumentFolder } from '@formwerk/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type FolderNavProps = {
  folders: DocumentFolder[];
  current: string;
  /** The address of the list in a folder ('' for every document), keeping the page's other settings. */
  hrefOf: (folderId: string) => string;
};

/** The team's folders with how many documents each holds: the list's folder filter. */
export function FolderNav({ folders, current, hrefOf }: FolderNavProps) {
  const { t } = useTranslation('documents');
  return (
    <nav className="ui-tabs" aria-label={t('library.folders.label')}>
      <ul>
        <li>
          <Link to={hrefOf('')} aria-current={current === '' ? 'page' : undefined}>
            {t('library.folders.all')}
          </Link>
        </li>
        {folders.map((folder) => (
          <li key={folder.id}>
            <Link to={hrefOf(folder.id)} aria-current={current === folder.id ? 'page' : undefined}>
              {folder.name} <span className="ui-tabs__count">{folder.documentCount}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
