export type { AreaMessages, AreaModule, PageTarget } from './area/area-module';
export { collectMessageKeys, findAreaModuleProblems } from './area/find-area-module-problems';
export { type LazyPage, lazyPage, preloadPage } from './area/lazy-page';
export * from './dates/index';
export {
  decideNavigation,
  type GuardDecision,
  type GuardInput,
  type GuardLocation,
  toSafeRedirect,
} from './guards/navigation-guard';
export { ApiError, apiRequest, csrfTokenHeader, setUnauthorizedHandler } from './http/api-client';
export { errorKeys } from './http/error-keys';
export { i18n, initI18n, loadMessages, loadNamespace, registerNamespace } from './i18n/i18n';
export {
  defaultLocale,
  detectBrowserLocale,
  intlLocales,
  isLocale,
  type Locale,
  locales,
  parseRouteName,
  toRouteName,
} from './locale/locale';
export { readLocaleCookie, writeLocaleCookie } from './locale/locale-cookie';
export { AppLink } from './navigation/app-link';
export { preloadArea, setAreaPreloader } from './navigation/route-preloader';
export { type Sections, withSectionNav } from './navigation/section-nav';
export { useLocale } from './navigation/use-locale';
export { connectNotificationStream, useNotificationStore } from './notifications/notification-store';
export { useNotificationSentence } from './notifications/use-notification-sentence';
export * from './plans/index';
export * from './routes/index';
export { type CurrentUser, isTeamOwner, useSessionStore } from './session/session-store';
export { renderStandaloneArea } from './standalone/standalone-frame';
