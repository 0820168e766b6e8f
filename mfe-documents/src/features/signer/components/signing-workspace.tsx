import { type SigningView, validationDetailsSchema } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { Ban, Forward, PenLine } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkBoundary } from '../../../components/chunk-boundary';
import { initialsOf } from '../../signature-template/utils/initials-of';
import { signingFileUrl } from '../api/signer-api';
import { useSavedMarks, type useSigningActions } from '../hooks/use-signing';
import { useSignerStore } from '../stores/signer-store';
import { toErrorKey } from '../utils/error-key';
import {
  byReadingOrder,
  fieldBoxId,
  initialValuesOf,
  inReadingOrder,
  isFilled,
  nextFieldOf,
  requiredProgressOf,
  type SignerField,
  valuesToSend,
} from '../utils/field-values';
import { hasLostFocus } from '../utils/focus';
import { DelegateDialog, type DelegateProblems } from './delegate-dialog';
import { FieldGuide } from './field-guide';
import { MarkDialog, type MarkKind } from './mark-dialog';
import { PrefilledSummary } from './prefilled-summary';
import { ReasonDialog } from './reason-dialog';

// The pages and PDF.js are a chunk of their own: the states without a document never carry them.
const SignerPages = lazy(() => import('./signer-pages').then((module) => ({ default: module.SignerPages })));

type Actions = ReturnType<typeof useSigningActions>;

const finishId = 'signer-finish';

/** The document, its pages with the recipient's fields, while the pages' chunk loads or if it cannot. */
export function DocumentPages(props: Parameters<typeof SignerPages>[0]) {
  const { t } = useTranslation('documents');
  return (
    <ChunkBoundary
      fallback={
        <p role="alert" className="ui-notice ui-notice--error">
          {t('signer.pages.failed')}
        </p>
      }
    >
      <Suspense fallback={<p role="status">{t('signer.pages.loading')}</p>}>
        <SignerPages {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}

type SigningWorkspaceProps = {
  token: string;
  view: SigningView;
  actions: Actions;
  onDelegated: (name: string) => void;
};

/**
 * A signer's or approver's part: the pages with their fields, a guide from one field to the next that
 * still needs filling, the count of required fields done, and finishing, declining or handing it on.
 */
export function SigningWorkspace({ token, view, actions, onDelegated }: SigningWorkspaceProps) {
  const { t } = useTranslation('documents');
  const { recipient } = view;
  const isSigner = recipient.kind === 'signer';
  const fields = useMemo(() => inReadingOrder(recipient.fields), [recipient.fields]);
  const prefilled = useMemo(
    () => [...recipient.prefilled].sort((a, b) => byReadingOrder(a.field, b.field)),
    [recipient.prefilled],
  );
  const start = useSignerStore((state) => state.start);
  const storedToken = useSignerStore((state) => state.token);
  const values = useSignerStore((state) => state.values);
  const setValue = useSignerStore((state) => state.setValue);
  const currentFieldId = useSignerStore((state) => state.currentFieldId);
  const setCurrentField = useSignerStore((state) => state.setCurrentField);
  const savedMarks = useSavedMarks();
  const [markFor, setMarkFor] = useState<SignerField | null>(null);
  // A mark made once fills the next field of its kind at a click, as on paper one signs each page alike.
  const [adopted, setAdopted] = useState<Partial<Record<MarkKind, { png: string }>>>({});
  const [endOutcome, setEndOutcome] = useState<'decline' | 'reject' | null>(null);
  const [isDelegating, setIsDelegating] = useState(false);
  const [finishProblem, setFinishProblem] = useState<string | null>(null);
  const guideInput = useRef<HTMLElement | null>(null);
  const shouldFocusGuide = useRef(false);

  useEffect(() => {
    start(token, initialValuesOf(recipient));
  }, [start, token, recipient]);
  const isReady = storedToken === token;

  // The guide starts at the first field that needs the person; focus goes there when nothing holds it
  // (the code's field just gave way to the document), never away from where the person is.
  useEffect(() => {
    if (!isReady || currentFieldId !== null) return;
    shouldFocusGuide.current = hasLostFocus();
    setCurrentField(nextFieldOf(fields, values, null)?.id ?? fields[0]?.id ?? null);
  }, [isReady, currentFieldId, fields, values, setCurrentField]);

  useEffect(() => {
    if (!shouldFocusGuide.current || !guideInput.current) return;
    shouldFocusGuide.current = false;
    guideInput.current?.focus();
  });

  const current = fields.find((field) => field.id === currentFieldId) ?? null;
  const position = current ? fields.indexOf(current) + 1 : 0;
  const progress = requiredProgressOf(fields, values);
  const missing = progress.total - progress.filled;

  const goTo = (field: SignerField | null | undefined) => {
    if (!field) return;
    setCurrentField(field.id);
    shouldFocusGuide.current = true;
    document.getElementById(fieldBoxId(field.id))?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };
  // Past the last field, "Next" leads to finishing.
  const goNext = () => {
    const next = nextFieldOf(fields, values, currentFieldId);
    if (next) goTo(next);
    else document.getElementById(finishId)?.focus();
  };
  const goPrevious = () => goTo(fields[(position - 2 + fields.length) % fields.length]);

  const openMark = (field: SignerField) => setMarkFor(field);
  const onFieldPress = (fieldId: string) => {
    const field = fields.find((each) => each.id === fieldId);
    if (!field) return;
    setCurrentField(field.id);
    setFinishProblem(null);
    if (field.kind === 'checkbox') return setValue(field.id, values[field.id] !== true);
    if (field.kind === 'signature' || field.kind === 'initials') {
      const mark = adopted[field.kind];
      if (mark && !isFilled(values[field.id])) return setValue(field.id, mark);
      return openMark(field);
    }
    shouldFocusGuide.current = true;
  };

  const onAdopt = (mark: { png: string }) => {
    if (!markFor || (markFor.kind !== 'signature' && markFor.kind !== 'initials')) return;
    const kind = markFor.kind;
    setAdopted((current) => ({ ...current, [kind]: mark }));
    setValue(markFor.id, mark);
    setMarkFor(null);
    setFinishProblem(null);
  };

  const finish = () => {
    if (actions.finish.isPending) return;
    if (missing > 0) {
      setFinishProblem(t('signer.finish.missing', { count: missing }));
      goTo(nextFieldOf(fields, values, null));
      return;
    }
    setFinishProblem(null);
    actions.finish.mutate(
      { kind: isSigner ? 'signer' : 'approver', values: valuesToSend(fields, values) },
      { onError: (error) => setFinishProblem(t(toErrorKey(error))) },
    );
  };

  const endRequest = async (reason: string) => {
    try {
      await actions.end.mutateAsync({ outcome: isSigner ? 'decline' : 'reject', reason });
      setEndOutcome(null);
      return null;
    } catch (error) {
      void actions.reread();
      return t(toErrorKey(error));
    }
  };

  const delegate = async (person: { name: string; email: string }): Promise<DelegateProblems | null> => {
    try {
      await actions.delegate.mutateAsync(person);
      setIsDelegating(false);
      onDelegated(person.name);
      return null;
    } catch (error) {
      const details = error instanceof ApiError ? validationDetailsSchema.safeParse(error.details) : null;
      if (details?.success && details.data.issues.some((issue) => issue.code === 'taken')) {
        return { email: t('signer.delegate.taken') };
      }
      return { general: t(toErrorKey(error)) };
    }
  };

  const savedMark = markFor?.kind === 'initials' ? savedMarks.data?.initials : savedMarks.data?.signature;
  const finishLabel = isSigner ? t('signer.finish.sign') : t('signer.finish.approve');

  return (
    <div className="signer-workspace">
      <div className="signer-bar">
        {progress.total > 0 ? (
          <div className="signer-bar__progress">
            <p id="signer-progress" className="signer-bar__count" aria-live="polite">
              {t('signer.progress', { filled: progress.filled, count: progress.total })}
            </p>
            <progress aria-labelledby="signer-progress" value={progress.filled} max={progress.total} />
          </div>
        ) : (
          <p className="signer-bar__count">{t(`signer.intro.${recipient.kind}NoFields`)}</p>
        )}
        <div className="signer-bar__actions">
          {view.allowDelegation ? (
            <Button variant="ghost" className="ui-button--small" onClick={() => setIsDelegating(true)}>
              <Icon icon={Forward} />
              {t('signer.delegate.open')}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            className="ui-button--small"
            onClick={() => setEndOutcome(isSigner ? 'decline' : 'reject')}
          >
            <Icon icon={Ban} />
            {t(`signer.end.${isSigner ? 'decline' : 'reject'}.open`)}
          </Button>
        </div>
      </div>

      {prefilled.length > 0 ? <PrefilledSummary prefilled={prefilled} /> : null}

      <DocumentPages
        fileUrl={signingFileUrl(token)}
        pageCount={view.pageCount}
        fields={fields}
        prefilled={prefilled}
        values={values}
        currentFieldId={currentFieldId}
        onFieldPress={onFieldPress}
      />

      <section className="signer-guide" aria-label={t('signer.guide.label')}>
        {current && isReady ? (
          <FieldGuide
            key={current.id}
            field={current}
            value={values[current.id]}
            position={position}
            count={fields.length}
            inputRef={guideInput}
            onChange={(value) => {
              setValue(current.id, value);
              setFinishProblem(null);
            }}
            onOpenMark={() => openMark(current)}
            onPrevious={goPrevious}
            onNext={goNext}
          />
        ) : null}
        <div className="signer-guide__finish">
          {/* What finishing means, once it is at hand: before, it would only crowd a phone's screen. */}
          {missing === 0 ? (
            <p className="ui-hint">{t(isSigner ? 'signer.finish.consentSign' : 'signer.finish.consentApprove')}</p>
          ) : null}
          <Button
            id={finishId}
            onClick={finish}
            aria-disabled={missing > 0 || actions.finish.isPending}
            className="signer-guide__submit"
          >
            <Icon icon={PenLine} />
            {actions.finish.isPending ? t('signer.finish.sending') : finishLabel}
          </Button>
        </div>
        {finishProblem ? (
          <p role="alert" className="ui-notice ui-notice--error">
            {finishProblem}
          </p>
        ) : null}
      </section>

      <MarkDialog
        kind={markFor?.kind === 'signature' || markFor?.kind === 'initials' ? markFor.kind : null}
        saved={savedMark ?? null}
        suggestedText={markFor?.kind === 'initials' ? initialsOf(recipient.name) : recipient.name}
        onAdopt={onAdopt}
        onClose={() => setMarkFor(null)}
      />
      <ReasonDialog outcome={endOutcome} onSubmit={endRequest} onClose={() => setEndOutcome(null)} />
      <DelegateDialog isOpen={isDelegating} onSubmit={delegate} onClose={() => setIsDelegating(false)} />
    </div>
  );
}
