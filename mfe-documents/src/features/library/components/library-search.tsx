import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeLibraryParams } from '../hooks/use-library-params';

const searchDelayMs = 300;

/** The search by name, sent once typing pauses; a new search starts at page 1. */
export function LibrarySearch({ search, onParamsChange }: { search: string; onParamsChange: ChangeLibraryParams }) {
  const { t } = useTranslation('documents');
  const id = useId();
  const [text, setText] = useState(search);

  // Back and forward change the address: the field follows it.
  useEffect(() => setText(search), [search]);

  useEffect(() => {
    if (text.trim() === search.trim()) return;
    // One history entry per search, not per keystroke.
    const timer = setTimeout(() => onParamsChange({ search: text.trim(), page: 1 }, { replace: true }), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, search, onParamsChange]);

  return (
    <div className="ui-field library-search">
      <label htmlFor={id}>{t('library.search.label')}</label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={100}
        placeholder={t('library.search.placeholder')}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
