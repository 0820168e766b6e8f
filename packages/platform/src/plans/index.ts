export { PlanFeatures } from './plan-features';
export { formatCount, formatMoney, formatPrice, formatStorage } from './plan-format';
