import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AppearanceSettings,
  appearanceSettingsSchema,
  errorTextSettingsSchema,
  formDefinitionSchema,
  type LiveRegistry,
  type PublicForm,
  thankYouSettingsSchema,
} from '@formwerk/contracts';

/** A published form as GET /api/v1/public/forms/{id} answers it, with one required field. */
/** The stylesheet the stand-in form page template inlines, as the forms area's build does. */
export const fillPageStyle = '.fw-page{color:#1c2033}';

export function publicFormOf(
  id: string,
  {
    title = 'Sommerfest',
    language = 'de',
    pageLanguage = 'form',
  }: {
    title?: string;
    language?: 'de' | 'en';
    pageLanguage?: AppearanceSettings['pageLanguage'];
  } = {},
): PublicForm {
  const {
    title: _title,
    description: _description,
    ...appearance
  } = appearanceSettingsSchema.parse({
    title,
    pageLanguage,
  });
  return {
    id,
    version: 1,
    servedAt: Date.now(),
    startToken: 'test-start-token',
    definition: formDefinitionSchema.parse({
      title,
      language,
      pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Name', required: true }] }],
    }),
    settings: {
      appearance,
      errorTexts: errorTextSettingsSchema.parse({}),
      thankYou: thankYouSettingsSchema.parse({}),
      logic: [],
      customScript: '',
      isQuiz: false,
      availability: { state: 'open', opensAt: null, timeZone: 'Europe/Berlin', closedMessage: '' },
    },
  };
}

export type ReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders };

/**
 * A stand-in for the api and the forms area's static files on 127.0.0.1: the public form routes for
 * `forms`, the domain lookup for `domains` (host → form id), the live registry as `registry` says at
 * the time of each request (none: 404), the page template (also under `/releases/<id>/`, naming the
 * release in its title), and a session route that sets a cookie. It records what reached it, so
 * tests see what the shell passed on.
 */
export async function startTestApiServer({
  forms = [],
  domains = {},
  registry = () => undefined,
}: {
  forms?: PublicForm[];
  domains?: Record<string, string>;
  registry?: () => LiveRegistry | undefined;
}) {
  const received: ReceivedRequest[] = [];
  const byId = new Map(forms.map((form) => [form.id, form]));
  const server = createServer((incoming, outgoing) => {
    const url = incoming.url ?? '/';
    received.push({ method: incoming.method ?? 'GET', url, headers: incoming.headers });
    const send = (status: number, body: unknown, type = 'application/json') => {
      outgoing.statusCode = status;
      outgoing.setHeader('Content-Type', type);
      outgoing.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const path = new URL(url, 'http://stand-in').pathname;
    const template = /^(?:\/releases\/([^/]+))?\/fill\/fill\.html$/.exec(path);
    if (template) {
      const release = template[1] ? `${decodeURIComponent(template[1])} ` : '';
      return send(
        200,
        `<html lang="__LANG__"><head><title>${release}__TITLE__</title><script src="__ASSET_BASE__/fill/fill.js"></script><style>${fillPageStyle}</style></head><body><div id="form-root">__BODY__</div><script type="application/json" id="form-data">__DATA__</script></body></html>`,
        'text/html',
      );
    }
    if (path === '/api/v1/registry') {
      const live = registry();
      return live ? send(200, live) : send(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    }
    const domain = /^\/api\/v1\/public\/domains\/([^/]+)$/.exec(path);
    if (domain) {
      const formId = domains[decodeURIComponent(domain[1] ?? '')];
      return formId ? send(200, { formId }) : send(404, { error: { code: 'NOT_FOUND', message: 'x' } });
    }
    const publicForm = /^\/api\/v1\/public\/forms\/([^/]+)(\/.*)?$/.exec(path);
    if (publicForm) {
      const form = byId.get(publicForm[1] ?? '');
      if (!form) return send(404, { error: { code: 'FORM_UNAVAILABLE', message: 'x' } });
      // As if the api set a cookie: the shell must not let it reach a custom domain.
      outgoing.setHeader('Set-Cookie', 'tracker=1; Path=/');
      return publicForm[2] ? send(201, { submissionId: 's1', reference: null, quiz: null }) : send(200, form);
    }
    outgoing.setHeader('Set-Cookie', 'token=secret; Path=/; HttpOnly');
    send(200, { session: 'private', url });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
