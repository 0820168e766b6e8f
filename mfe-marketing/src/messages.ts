import pricingDe from './features/pricing/locales/de/pricing.json';
import pricingEn from './features/pricing/locales/en/pricing.json';
import de from './locales/de/marketing.json';
import en from './locales/en/marketing.json';

/** The area's messages, as the app and the pre-rendered pages load them: a feature's own under its group. */
export const messages = {
  de: { ...de, pricingPage: pricingDe },
  en: { ...en, pricingPage: pricingEn },
};
