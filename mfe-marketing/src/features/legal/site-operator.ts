/**
 * Who runs the site, as the imprint, the data protection notice, the terms and the contact page name
 * them: the one place these details live, never the texts. The defaults are EXAMPLES, obviously so
 * (example.com, a 01234 postal code): a deployment sets its own through `SITE_OPERATOR_*` in the
 * environment of the build that renders the pages (see `siteOperatorOverrides`).
 */
export type SiteOperator = {
  company: string;
  /** Who may act for the company (managing directors), as the register names them. */
  representative: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166 code, named in the page's language. */
  country: string;
  registerCourt: string;
  registerNumber: string;
  vatId: string;
  email: string;
  phone: string;
  /** The data protection authority responsible for the company's seat. */
  supervisoryAuthority: string;
  supervisoryAuthorityUrl: string;
  /** Where the service runs (the data centre's operator, a processor). */
  hostingProvider: string;
  /** Whom the form assistant sends its prompts to, when a deployment turns it on (AI_BASE_URL). */
  aiProvider: string;
};

export const exampleSiteOperator: SiteOperator = {
  company: 'Formwerk Beispiel GmbH',
  representative: 'Erika Mustermann',
  street: 'Musterstraße 1',
  postalCode: '01234',
  city: 'Musterstadt',
  country: 'DE',
  registerCourt: 'Amtsgericht Musterstadt',
  registerNumber: 'HRB 00000',
  vatId: 'DE000000000',
  email: 'hallo@formwerk.example',
  phone: '+49 30 0000000',
  supervisoryAuthority: 'Landesbeauftragte für Datenschutz und Informationsfreiheit (Beispiel)',
  supervisoryAuthorityUrl: 'https://www.bfdi.bund.de/DE/Service/Anschriften/Laender/Laender-node.html',
  hostingProvider: 'Beispiel Rechenzentrum GmbH, Frankfurt am Main',
  aiProvider: 'Beispiel KI-Anbieter (nur wenn der Formular-Assistent eingeschaltet ist)',
};

/** SITE_OPERATOR_COMPANY, SITE_OPERATOR_POSTAL_CODE, …: the environment variable of each detail. */
export const siteOperatorVariable = (key: keyof SiteOperator) =>
  `SITE_OPERATOR_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;

/** The details an environment sets (empty values count as unset), over the examples. */
export function siteOperatorFrom(environment: Readonly<Record<string, string | undefined>>): SiteOperator {
  const operator = { ...exampleSiteOperator };
  for (const key of Object.keys(operator) as (keyof SiteOperator)[]) {
    const value = environment[siteOperatorVariable(key)]?.trim();
    if (value) operator[key] = value;
  }
  return operator;
}

declare const __SITE_OPERATOR_ENV__: Record<string, string> | undefined;

/**
 * The build's `SITE_OPERATOR_*` variables: the static pages' build defines them (static-pages.mjs);
 * a build that does not (a test) shows the examples.
 */
const siteOperatorOverrides = typeof __SITE_OPERATOR_ENV__ === 'undefined' ? {} : __SITE_OPERATOR_ENV__;

export const siteOperator: SiteOperator = siteOperatorFrom(siteOperatorOverrides);
