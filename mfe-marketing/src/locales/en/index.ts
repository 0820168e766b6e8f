import pricingPage from '../../features/pricing/locales/en/pricing.json';
import marketing from './marketing.json';

/** The public site's texts in English: its own, and a feature's under its group (`marketing:pricingPage.…`). */
export default { ...marketing, pricingPage };
