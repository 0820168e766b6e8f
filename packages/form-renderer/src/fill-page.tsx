import type { Answers, PublicForm } from '@formwerk/contracts';
import { useState } from 'react';
import type { UploadFile } from './file-fields';
import { FormView, type SubmitOutcome } from './form-view';
import { type RendererLocale, textsOf } from './messages';

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
  onSubmit?: (answers: Answers, honeypot: string) => Promise<SubmitOutcome>;
};

/**
 * The public page of a form (/form/{id}, /en/form/{id}): the form, then a thank-you; or a clear
 * message when the form is unknown, unpublished or deleted. Rendered by the shell server first and
 * taken over by the forms area's small script.
 */
export function FillPage({ form, locale, alternatePath, initialAnswers, uploadFile, onSubmit }: FillPageProps) {
  const texts = textsOf(locale);
  const [isDone, setIsDone] = useState(false);
  const submit = onSubmit
    ? async (answers: Answers, honeypot: string) => {
        const outcome = await onSubmit(answers, honeypot);
        if (outcome.isDone) setIsDone(true);
        return outcome;
      }
    : undefined;

  return (
    <div className="fw-page">
      <header className="fw-page__header">
        <a className="fw-page__language" href={alternatePath} hrefLang={locale === 'de' ? 'en' : 'de'}>
          {texts.otherLanguage}
        </a>
      </header>
      <main className="fw-page__card">
        {!form ? (
          <section aria-labelledby="fw-unavailable">
            <h1 className="fw-form__title" id="fw-unavailable">
              {texts.unavailableTitle}
            </h1>
            <p>{texts.unavailableText}</p>
          </section>
        ) : isDone ? (
          <section aria-live="polite">
            <h1 className="fw-form__title">{texts.thanksTitle}</h1>
            <p>{texts.thanksText}</p>
          </section>
        ) : (
          <FormView
            definition={form.definition}
            locale={locale}
            initialAnswers={initialAnswers}
            uploadFile={uploadFile}
            onSubmit={submit}
          />
        )}
      </main>
      <footer className="fw-page__footer">{texts.poweredBy}</footer>
    </div>
  );
}
