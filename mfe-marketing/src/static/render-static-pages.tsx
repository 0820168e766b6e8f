// The design system's stylesheet first: the area's own rules come after it, as in the app.
import '@formwerk/ui/styles.css';
import {
  i18n,
  initI18n,
  type LocalizedRoute,
  localePath,
  locales,
  localizedRoutes,
  type RouteParams,
} from '@formwerk/platform';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { messages } from '../messages';
import { namespace, type SitePage, sitePages } from '../site-pages';
import { StaticDocument, type StaticDocumentProps } from './static-document';

/** What every page refers to (see packages/build-config/src/static-pages.mjs, which calls this). */
export type StaticPagesInput = Pick<StaticDocumentProps, 'siteOrigin' | 'islandSrc' | 'css'>;

/** A page: the path the site answers with it, its file under dist/pages/, its whole HTML. */
export type StaticPageFile = { path: string; file: string; html: string };

async function renderPage(
  route: LocalizedRoute,
  params: RouteParams,
  sitePage: SitePage,
  input: StaticPagesInput,
): Promise<StaticPageFile> {
  const path = localePath(route.baseName, route.locale, params);
  // The page's route alone, named as the shell names it: useLocale, AppLink and useParams answer as
  // they do in the app.
  const handler = createStaticHandler([
    {
      path: route.pattern,
      handle: { name: route.localizedName },
      element: <StaticDocument route={route} params={params} sitePage={sitePage} {...input} />,
    },
  ]);
  const context = await handler.query(new Request(new URL(path, 'http://static.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of its page`);
  const html = renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
  return {
    path,
    file: `${[route.locale, route.baseName, ...Object.values(params)].join('/')}.html`,
    html: `<!doctype html>${html}`,
  };
}

/**
 * Every page of the public site in both languages (one per feature sku), rendered from the same
 * components the app shows. Pages only the app has (the test page) are not among them.
 */
export async function renderStaticPages(input: StaticPagesInput): Promise<StaticPageFile[]> {
  await initI18n('de');
  const pages: StaticPageFile[] = [];
  for (const locale of locales) {
    i18n.addResourceBundle(locale, namespace, messages[locale], true, true);
    await i18n.changeLanguage(locale);
    for (const route of localizedRoutes.filter((each) => each.area === 'marketing' && each.locale === locale)) {
      const sitePage = sitePages[route.page];
      if (!sitePage) continue;
      for (const params of sitePage.staticParams ?? [{}]) pages.push(await renderPage(route, params, sitePage, input));
    }
  }
  return pages;
}
