export { PlanFeatures } from './plan-features';
export { formatCount, formatFileSize, formatMoney, formatPrice, formatStorage } from './plan-format';
