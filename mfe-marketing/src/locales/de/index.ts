import contactPage from '../../features/contact/locales/de/contact.json';
import legal from '../../features/legal/locales/de/legal.json';
import pricingPage from '../../features/pricing/locales/de/pricing.json';
import marketing from './marketing.json';

/**
 * The public site's texts in German: its own, and a feature's under its group (`marketing:pricingPage.…`,
 * `marketing:legal.…`, `marketing:contactPage.…`).
 */
export default { ...marketing, pricingPage, legal, contactPage };
