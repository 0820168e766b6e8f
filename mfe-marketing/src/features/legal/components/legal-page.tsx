import { AppLink, useLocale } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import type { ReactElement, ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { siteOperator } from '../site-operator';
import './legal.css';

/** The legal pages by their page key (route table) and the key of their text in `legal.*`. */
export const legalDocuments = { imprint: 'imprint', 'data-protection': 'dataProtection', terms: 'terms' } as const;
export type LegalPageKey = keyof typeof legalDocuments;

/** When the texts were last changed in substance: the "Stand" each page shows. */
export const legalTextsDate = '2026-11-27';

/** A paragraph, or a list of items. */
type Block = string | string[];
type Section = { id: string; title: string; content: Block[] };

/** Pages with more sections than this get a table of contents. */
const sectionsWithoutContents = 8;

/**
 * The values every legal text may name: the operator's details from their one config, and the
 * country in the page's language.
 */
export function useOperatorValues(): Record<string, string> {
  const locale = useLocale();
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(siteOperator.country) ?? siteOperator.country;
  return { ...siteOperator, country };
}

/** A link of a text, which gets its words from the message it is named in (`<email>…</email>`). */
function TextLink({ href, children }: { href: string; children?: ReactNode }) {
  return <a href={href}>{children}</a>;
}

/** The elements a legal text may hold: line breaks, emphasis and the links it names. */
export const legalTextElements: Record<string, ReactElement> = {
  br: <br />,
  strong: <strong />,
  email: <TextLink href={`mailto:${siteOperator.email}`} />,
  phone: <TextLink href={`tel:${siteOperator.phone.replace(/[^+\d]/g, '')}`} />,
  authority: <TextLink href={siteOperator.supervisoryAuthorityUrl} />,
  dataProtection: <AppLink to="data-protection" />,
  pricing: <AppLink to="pricing" />,
  contact: <AppLink to="contact" />,
};

/**
 * /impressum, /datenschutz, /agb and their English pages: a legal text of `legal.<document>`, a
 * section each with its heading as an anchor (`#<id>`), a table of contents on a long one, and the
 * date it holds as of. The operator's details come from `site-operator.ts`, never from the texts.
 */
export function LegalPage({ pageKey }: { pageKey: LegalPageKey }) {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  const values = useOperatorValues();
  const document = `legal.${legalDocuments[pageKey]}`;
  const sections = t(`${document}.sections`, { returnObjects: true }) as Section[];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(legalTextsDate));
  const text = (key: string) => <Trans t={t} i18nKey={key} values={values} components={legalTextElements} />;
  return (
    <article className="marketing-legal">
      <TitledPage namespace="marketing" pageKey={pageKey} />
      <p className="ui-hint">{t('legal.asOf', { date })}</p>
      {sections.length > sectionsWithoutContents && (
        <nav className="ui-card marketing-legal__contents" aria-labelledby="legal-contents">
          <h2 id="legal-contents">{t('legal.contents')}</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {sections.map((section, sectionIndex) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>{section.title}</h2>
          {section.content.map((block, blockIndex) => {
            const key = `${document}.sections.${sectionIndex}.content.${blockIndex}`;
            return typeof block === 'string' ? (
              <p key={key}>{text(key)}</p>
            ) : (
              <ul key={key}>
                {block.map((_item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the items are a fixed text, in its order.
                  <li key={itemIndex}>{text(`${key}.${itemIndex}`)}</li>
                ))}
              </ul>
            );
          })}
        </section>
      ))}
    </article>
  );
}
