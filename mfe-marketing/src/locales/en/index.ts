import contactPage from '../../features/contact/locales/en/contact.json';
import legal from '../../features/legal/locales/en/legal.json';
import pricingPage from '../../features/pricing/locales/en/pricing.json';
import marketing from './marketing.json';

/**
 * The public site's texts in English: its own, and a feature's under its group (`marketing:pricingPage.…`,
 * `marketing:legal.…`, `marketing:contactPage.…`).
 */
export default { ...marketing, pricingPage, legal, contactPage };
