import { exportTooLargeDetailsSchema, submissionPdfZipLimit } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { fetchDownload, pdfZipUrl } from '../api/submissions-api';

type PdfZipButtonProps = {
  formId: string;
  filter: Record<string, string>;
  reference: string;
  /** The ticked rows: when there are some, only they go into the zip. */
  selectedIds: string[];
  /** How many rows the table's filters keep; null while not all were counted (the api stopped reading). */
  total: number | null;
};

/** Hands the browser a file it fetched, under the name the api gave it. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * One PDF per submission in a zip: of the ticked rows, else of all the table's filters keep. The api
 * renders them first, so the button says it is working, and a refusal (too many rows) is explained
 * here rather than as a broken download. Past the limit the table's own count turns it off beforehand.
 */
export function PdfZipButton({ formId, filter, reference, selectedIds, total }: PdfZipButtonProps) {
  const { t } = useTranslation('forms');
  const hintId = useId();
  const [isWorking, setIsWorking] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);
  const isSelection = selectedIds.length > 0;
  const isTooMany = !isSelection && total !== null && total > submissionPdfZipLimit;
  // A filter that keeps no row leaves nothing to put into a zip.
  const isEmpty = !isSelection && total === 0;
  const tooManyText = (limit = submissionPdfZipLimit) => t('submissions.export.pdfZipTooMany', { limit });

  const onDownload = async () => {
    // Busy rather than disabled while it works: a disabled button would drop the keyboard's focus.
    if (isWorking) return;
    setIsWorking(true);
    setErrorText(null);
    try {
      const { blob, fileName } = await fetchDownload(
        pdfZipUrl(formId, filter, reference, selectedIds),
        'submissions.zip',
      );
      saveFile(blob, fileName);
    } catch (error) {
      setErrorText(
        error instanceof ApiError && error.code === 'EXPORT_TOO_LARGE'
          ? tooManyText(exportTooLargeDetailsSchema.safeParse(error.details).data?.limit)
          : t(toErrorKey(error)),
      );
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        disabled={isTooMany || isEmpty}
        aria-busy={isWorking}
        aria-describedby={isTooMany ? hintId : undefined}
        onClick={onDownload}
      >
        {isWorking
          ? t('submissions.export.pdfZipWorking')
          : isSelection
            ? t('submissions.export.pdfZipSelected', { count: selectedIds.length })
            : t('submissions.export.pdfZip')}
      </Button>
      {isTooMany ? (
        <span id={hintId} className="ui-hint">
          {tooManyText()}
        </span>
      ) : null}
      {errorText ? (
        <span role="alert" className="ui-error">
          {errorText}
        </span>
      ) : null}
    </>
  );
}
