import type { Answers, FormDefinition } from '@formwerk/contracts';
import { FillPage, type FillPageData } from '@formwerk/form-renderer';
import '@formwerk/form-renderer/form-view.css';
import './fill.css';
import { hydrateRoot } from 'react-dom/client';
import { hasAnswerPattern, loadAnswerPatterns } from './answer-pattern-on-demand';
import { reportHeightToEmbeddingSite } from './report-height';
import { createSubmitter } from './submit-answers';
import { createUploader } from './upload-file';

// The public form page's whole script: no router, no federation, no i18n runtime. The shell server
// has rendered the page and inlined its data; this takes the markup over.
const root = document.getElementById('form-root');
const data = JSON.parse(document.getElementById('form-data')?.textContent ?? 'null') as FillPageData | null;

/** Hidden fields take their value from the link's query, e.g. ?source=newsletter. */
function answersFromQuery(definition: FormDefinition): Answers {
  const query = new URLSearchParams(window.location.search);
  const answers: Answers = {};
  for (const field of definition.pages.flatMap((page) => page.fields)) {
    if (field.type !== 'hidden') continue;
    const value = query.get(field.queryParam) ?? field.defaultValue;
    if (value) answers[field.id] = value.slice(0, 500);
  }
  return answers;
}

if (window.parent !== window) reportHeightToEmbeddingSite(data?.form?.id ?? null);

if (root && data) {
  const { form } = data;
  // Fetched beside hydration, not before it: answers are first checked when the respondent goes on.
  if (form && hasAnswerPattern(form.definition)) void loadAnswerPatterns();
  hydrateRoot(
    root,
    <FillPage
      {...data}
      initialAnswers={form ? answersFromQuery(form.definition) : {}}
      uploadFile={form ? createUploader(form.id) : undefined}
      onSubmit={form ? createSubmitter(form.id, form.startToken) : undefined}
    />,
  );
}
