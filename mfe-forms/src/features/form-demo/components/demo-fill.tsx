import { type Answers, answerAsText, type FormDefinition, takesAnswer } from '@formwerk/contracts';
import { FormView } from '@formwerk/form-renderer';
import '@formwerk/form-renderer/form-view.css';
import { useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignUpLink } from './sign-up-link';

/** What a submission of the demo would have stored: each answered field by its label. */
function WouldBeStored({
  definition,
  answers,
  onAgain,
}: {
  definition: FormDefinition;
  answers: Answers;
  onAgain: () => void;
}) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const answered = definition.pages
    .flatMap((page) => page.fields)
    .filter((field) => takesAnswer(field))
    .map((field) => ({ field, text: answerAsText(field, answers[field.id], locale) }))
    .filter(({ text }) => text !== '');
  return (
    <section className="ui-card form-demo__stored" aria-labelledby="demo-stored">
      <h2 id="demo-stored" ref={heading} tabIndex={-1}>
        {t('demo.fill.storedTitle')}
      </h2>
      <p>{t('demo.fill.storedText')}</p>
      {answered.length > 0 ? (
        <dl className="form-demo__answers">
          {answered.map(({ field, text }) => (
            <div key={field.id}>
              <dt>{field.label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="ui-hint">{t('demo.fill.noAnswers')}</p>
      )}
      <p>{t('demo.fill.keepText')}</p>
      <div className="ui-toolbar">
        <SignUpLink />
        <Button variant="secondary" onClick={onAgain}>
          {t('demo.fill.again')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The form as respondents fill it, from the product's renderer: every check runs, files stay on the
 * device, and sending shows what would be stored instead of sending it.
 */
export function DemoFill({ definition }: { definition: FormDefinition }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const [stored, setStored] = useState<Answers | null>(null);
  const [round, setRound] = useState(0);
  if (stored) {
    return (
      <WouldBeStored
        definition={definition}
        answers={stored}
        onAgain={() => {
          setStored(null);
          setRound((count) => count + 1);
        }}
      />
    );
  }
  return (
    <div className="form-preview">
      <p className="form-preview__notice">{t('demo.fill.notice')}</p>
      <div className="fw-page form-preview__page">
        <div className="fw-page__card">
          <FormView
            key={round}
            definition={definition}
            locale={locale}
            titleLevel={2}
            onSubmit={async (answers) => {
              setStored(answers);
              return { isDone: true };
            }}
          />
        </div>
      </div>
    </div>
  );
}
