import pricingPage from '../../features/pricing/locales/de/pricing.json';
import marketing from './marketing.json';

/** The public site's texts in German: its own, and a feature's under its group (`marketing:pricingPage.…`). */
export default { ...marketing, pricingPage };
