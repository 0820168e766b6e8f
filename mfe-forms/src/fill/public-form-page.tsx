import { FillPage, type FillPageData } from '@formwerk/form-renderer';
import { useState } from 'react';
import { SignNow } from './sign-now';
import { createSubmitter } from './submit-answers';
import { createUploader } from './upload-file';

/** The public form page: the renderer's form and thank-you, and the signing step when a document waits. */
export function PublicFormPage(data: FillPageData) {
  const { form, locale } = data;
  const [signingPath, setSigningPath] = useState<string | null>(null);
  // Made once per page load: the submitter's idempotency key stands for this fill.
  const [onSubmit] = useState(() =>
    form ? createSubmitter(form.id, form.startToken, { onSigningPath: setSigningPath }) : undefined,
  );
  const [uploadFile] = useState(() => (form ? createUploader(form.id) : undefined));
  return (
    <>
      <FillPage {...data} uploadFile={uploadFile} onSubmit={onSubmit} />
      <SignNow path={signingPath} locale={locale} />
    </>
  );
}
