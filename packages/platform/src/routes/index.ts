export { isLocale, type Locale, locales } from '../locale/locale';
export {
  areParamsValid,
  findRoute,
  type LocalizedRoute,
  localeOfPath,
  localePath,
  localizedRoutes,
  matchLocalizedRoute,
  type RouteMatch,
  type RouteParams,
} from './localized-routes';
export {
  type Area,
  areas,
  formSettingPages,
  type Layout,
  type MiddlewareName,
  type RouteDefinition,
  routeTable,
} from './route-table';
