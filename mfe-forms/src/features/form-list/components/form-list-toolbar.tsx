import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeListParams, ListOrder, ListParams, ListSort } from '../hooks/use-list-params';

type FormListToolbarProps = {
  params: ListParams;
  onParamsChange: ChangeListParams;
};

const searchDelayMs = 300;

/** Search by title (sent once typing pauses) and the order of the list; any change starts at page 1. */
export function FormListToolbar({ params, onParamsChange }: FormListToolbarProps) {
  const { t } = useTranslation('forms');
  const [searchText, setSearchText] = useState(params.search);

  // Back and forward change the address: the field follows it.
  useEffect(() => setSearchText(params.search), [params.search]);

  useEffect(() => {
    if (searchText === params.search) return;
    // One history entry per search, not per keystroke.
    const timer = setTimeout(() => onParamsChange({ search: searchText, page: 1 }, { replace: true }), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, params.search, onParamsChange]);

  return (
    <div className="ui-toolbar">
      <label className="ui-field">
        {t('formList.search')}
        <input
          type="search"
          value={searchText}
          maxLength={100}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </label>
      <label className="ui-field">
        {t('formList.sort.label')}
        <select
          value={params.sort}
          onChange={(event) => onParamsChange({ sort: event.target.value as ListSort, page: 1 })}
        >
          <option value="updatedAt">{t('formList.sort.updatedAt')}</option>
          <option value="createdAt">{t('formList.sort.createdAt')}</option>
          <option value="title">{t('formList.sort.title')}</option>
        </select>
      </label>
      <label className="ui-field">
        {t('formList.order.label')}
        <select
          value={params.order}
          onChange={(event) => onParamsChange({ order: event.target.value as ListOrder, page: 1 })}
        >
          <option value="desc">{t('formList.order.desc')}</option>
          <option value="asc">{t('formList.order.asc')}</option>
        </select>
      </label>
    </div>
  );
}
