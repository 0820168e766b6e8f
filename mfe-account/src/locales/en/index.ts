import billing from '../../features/billing/locales/en/billing.json';
import mydata from '../../features/mydata/locales/en/mydata.json';
import sso from '../../features/sso/locales/en/sso.json';
import storage from '../../features/storage/locales/en/storage.json';
import account from './account.json';

/** The account area's texts in English: its own, and each feature's nested under its name (`account:billing.…`). */
export default { ...account, billing, storage, sso, mydata };
