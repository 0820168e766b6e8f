import type { Answers, FormTheme, PublicForm } from '@formwerk/contracts';
import { resolveForm } from '@formwerk/contracts/form-answers';
import { answerAsText, fillPlaceholders } from '@formwerk/contracts/form-placeholders';
import { type CSSProperties, useState } from 'react';
import type { UploadFile } from './file-fields';
import { FormView, type PublicReceipt, type SubmitHandler } from './form-view';
import { fill, type RendererLocale, type RendererTexts, textsOf } from './messages';

/** What the shell server inlines into the public page, and the page's script reads back. */
export type FillPageData = {
  form: PublicForm | null;
  locale: RendererLocale;
  /** The same page in the other language. */
  alternatePath: string;
  initialAnswers: Answers;
};

type FillPageProps = FillPageData & {
  uploadFile?: UploadFile;
  onSubmit?: SubmitHandler;
};

const fontStacks: Record<FormTheme['font'], string> = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  serif: 'Georgia, Cambria, "Times New Roman", serif',
  rounded: 'ui-rounded, "Nunito", "Arial Rounded MT Bold", system-ui, sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
};

/** The form tab's theme as the CSS variables the renderer's styles read. */
export function themeStyle(theme: FormTheme): CSSProperties {
  return {
    '--fw-theme-accent': theme.accentColor,
    '--fw-theme-background': theme.backgroundColor,
    '--fw-theme-text': theme.textColor,
    '--fw-theme-font': fontStacks[theme.font],
  } as CSSProperties;
}

/** The thank-you redirect with the answers as query values; only http(s) targets count. */
function redirectTarget(
  form: PublicForm,
  answers: Answers,
  receipt: PublicReceipt | undefined,
  locale: RendererLocale,
) {
  const { redirectUrl, redirectWithAnswers } = form.settings.thankYou;
  if (!redirectUrl) return null;
  const url = new URL(redirectUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (redirectWithAnswers) {
    const { pages, answers: effective } = resolveForm(form.definition, answers, form.settings.logic);
    for (const field of pages.flatMap((page) => page.fields)) {
      const text = answerAsText(field, effective[field.id], locale);
      if (text !== '') url.searchParams.set(field.type === 'hidden' ? field.queryParam : field.id, text);
    }
    if (receipt?.reference) url.searchParams.set('reference', receipt.reference);
  }
  return url.href;
}

type ThankYouProps = {
  form: PublicForm;
  answers: Answers;
  receipt: PublicReceipt | undefined;
  locale: RendererLocale;
  texts: RendererTexts;
};

/** The respondent's page of their data in the language they filled the form in, whatever the form's. */
const personalDataHref = (path: string, locale: RendererLocale) =>
  `${locale === 'en' ? '/en' : ''}${path.replace(/^\/en\//, '/')}`;

/**
 * After sending: the owner's thank-you text with the answers filled in, the reference, a quiz's score, and
 * the way to sign when a document waits for the respondent's signature, and the private link to the
 * respondent's own data (to see, download or erase it).
 */
function ThankYou({ form, answers, receipt, locale, texts }: ThankYouProps) {
  const { thankYou } = form.settings;
  const values = { reference: receipt?.reference ?? '', formTitle: form.definition.title };
  const { answers: effective } = resolveForm(form.definition, answers, form.settings.logic);
  const ownText = (template: string) =>
    fillPlaceholders(template, { definition: form.definition, answers: effective, locale, values });
  const fields = new Map(form.definition.pages.flatMap((page) => page.fields).map((field) => [field.id, field]));
  const quiz = receipt?.quiz;
  return (
    <section className="fw-receipt" aria-live="polite">
      <h1 className="fw-form__title">{thankYou.title ? ownText(thankYou.title) : texts.thanksTitle}</h1>
      <p>{thankYou.message ? ownText(thankYou.message) : texts.thanksText}</p>
      {receipt?.reference ? (
        <p className="fw-receipt__reference">{fill(texts.receipt.reference, { reference: receipt.reference })}</p>
      ) : null}
      {quiz ? (
        <p className="fw-receipt__score">
          {fill(texts.receipt.score, { points: quiz.points, maxPoints: quiz.maxPoints })}
        </p>
      ) : null}
      {quiz?.corrections?.length ? (
        <ul className="fw-receipt__corrections">
          {quiz.corrections.map((correction) => {
            const field = fields.get(correction.fieldId);
            const choices = field && 'choices' in field ? field.choices : [];
            const right = choices
              .filter((choice) => correction.correctChoiceIds.includes(choice.id))
              .map((choice) => choice.label)
              .join(', ');
            return (
              <li key={correction.fieldId}>
                {field?.label}:{' '}
                {correction.isCorrect ? (
                  <span className="fw-receipt__correct">{texts.receipt.correct}</span>
                ) : (
                  <span className="fw-receipt__wrong">{fill(texts.receipt.wrong, { answer: right })}</span>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {receipt?.signingPath ? (
        <div className="fw-receipt__signing">
          <h2 className="fw-receipt__signing-title">{texts.receipt.signTitle}</h2>
          <p>{texts.receipt.signText}</p>
          <a className="fw-button" href={receipt.signingPath}>
            {texts.receipt.signAction}
          </a>
        </div>
      ) : null}
      {receipt?.personalDataPath ? (
        <div className="fw-receipt__personal-data">
          <p>{texts.receipt.personalDataText}</p>
          <a href={personalDataHref(receipt.personalDataPath, locale)}>{texts.receipt.personalDataAction}</a>
        </div>
      ) : null}
    </section>
  );
}

/** Why a form takes no answers now: not yet open, closed or full; the owner's message where given. */
function Unavailable({ form, texts }: { form: PublicForm; texts: RendererTexts }) {
  const { state, opensAt, timeZone, closedMessage } = form.settings.availability;
  const key = state === 'notYetOpen' ? 'notYetOpen' : state === 'full' ? 'full' : 'closed';
  const date = opensAt
    ? new Intl.DateTimeFormat(texts.intlLocale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
        new Date(opensAt),
      )
    : '';
  return (
    <section aria-labelledby="fw-availability">
      <h1 className="fw-form__title" id="fw-availability">
        {texts.availability[`${key}Title`]}
      </h1>
      <p>{closedMessage || fill(texts.availability[`${key}Text`], { date })}</p>
      <p className="fw-form__description">{form.definition.title}</p>
    </section>
  );
}

/**
 * The public page of a form (/form/{id}, /en/form/{id}): the form in the owner's theme, then the
 * thank-you (or the owner's redirect); or a clear message when the form is unknown, unpublished,
 * deleted, not yet open, closed or full. Rendered by the shell server first and taken over by the
 * forms area's small script.
 */
export function FillPage({ form, locale, alternatePath, initialAnswers, uploadFile, onSubmit }: FillPageProps) {
  const texts = textsOf(locale);
  const [done, setDone] = useState<{ answers: Answers; receipt?: PublicReceipt; redirect: string | null } | null>(null);
  const [isClosedNow, setIsClosedNow] = useState(false);
  const submit =
    onSubmit && form
      ? async (...[answers, honeypot, events]: Parameters<SubmitHandler>) => {
          const outcome = await onSubmit(answers, honeypot, events);
          if (outcome.isDone) {
            // A document waiting for the respondent's signature comes before the owner's redirect.
            const redirect =
              form.settings.thankYou.kind === 'redirect' && !outcome.receipt?.signingPath
                ? redirectTarget(form, answers, outcome.receipt, locale)
                : null;
            setDone({ answers, receipt: outcome.receipt, redirect });
            if (redirect) window.location.assign(redirect);
          } else if (outcome.problem === 'closed') {
            setIsClosedNow(true);
          }
          return outcome;
        }
      : undefined;
  const appearance = form?.settings.appearance;

  return (
    <div className="fw-page" style={appearance ? themeStyle(appearance.theme) : undefined}>
      <header className="fw-page__header">
        <a className="fw-page__language" href={alternatePath} hrefLang={locale === 'de' ? 'en' : 'de'}>
          {texts.otherLanguage}
        </a>
      </header>
      <main className="fw-page__card">
        {appearance?.theme.logoUrl ? (
          <img className="fw-page__logo" src={appearance.theme.logoUrl} alt={texts.logo} />
        ) : null}
        {!form ? (
          <section aria-labelledby="fw-unavailable">
            <h1 className="fw-form__title" id="fw-unavailable">
              {texts.unavailableTitle}
            </h1>
            <p>{texts.unavailableText}</p>
          </section>
        ) : done?.redirect ? (
          <p role="status">
            <a href={done.redirect}>{texts.redirecting}</a>
          </p>
        ) : done ? (
          <ThankYou form={form} answers={done.answers} receipt={done.receipt} locale={locale} texts={texts} />
        ) : form.settings.availability.state !== 'open' || isClosedNow ? (
          <Unavailable form={form} texts={texts} />
        ) : (
          <FormView
            definition={form.definition}
            locale={locale}
            initialAnswers={initialAnswers}
            uploadFile={uploadFile}
            onSubmit={submit}
            logic={form.settings.logic}
            errorTexts={form.settings.errorTexts}
            layout={form.settings.appearance.layout}
            customScript={form.settings.customScript}
            keepAnswersFor={form.id}
          />
        )}
      </main>
      <footer className="fw-page__footer">{texts.poweredBy}</footer>
    </div>
  );
}
