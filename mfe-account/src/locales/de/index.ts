import billing from '../../features/billing/locales/de/billing.json';
import mydata from '../../features/mydata/locales/de/mydata.json';
import sso from '../../features/sso/locales/de/sso.json';
import storage from '../../features/storage/locales/de/storage.json';
import account from './account.json';

/** The account area's texts in German: its own, and each feature's nested under its name (`account:billing.…`). */
export default { ...account, billing, storage, sso, mydata };
