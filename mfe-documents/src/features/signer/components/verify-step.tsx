import {
  type SigningCodeInvalidDetails,
  type SigningCodeResponse,
  signingCodeInvalidDetailsSchema,
  signingCodeLength,
} from '@formwerk/contracts';
import { ApiError, formatTime, useLocale } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { Mail } from 'lucide-react';
import { type ClipboardEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useSigningActions } from '../hooks/use-signing';
import { toErrorKey } from '../utils/error-key';

// After a code is sent, "Send again" waits this long: the mail is usually there by then, and the api
// sends at most five codes an hour per link.
const resendPauseSeconds = 30;

type Problem = { key: string; values?: Record<string, unknown>; needsNewCode?: boolean };

/** The message of a refused code: wrong (with the tries left), expired, never sent, locked. */
function problemOfCode(error: unknown): Problem {
  if (error instanceof ApiError && error.code === 'SIGNING_CODE_INVALID') {
    const parsed = signingCodeInvalidDetailsSchema.safeParse(error.details);
    const details: SigningCodeInvalidDetails = parsed.success ? parsed.data : { reason: 'wrong', triesLeft: 0 };
    if (details.reason === 'wrong' && details.triesLeft > 0) {
      return { key: 'signer.verify.wrong', values: { count: details.triesLeft } };
    }
    return { key: `signer.verify.${details.reason === 'wrong' ? 'wrongLast' : details.reason}`, needsNewCode: true };
  }
  if (error instanceof ApiError && error.code === 'SIGNING_CODE_LOCKED') {
    return { key: 'signer.verify.locked', needsNewCode: true };
  }
  return { key: toErrorKey(error) };
}

function problemOfSending(error: unknown): Problem {
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return { key: 'signer.verify.tooManyCodes' };
  return { key: toErrorKey(error) };
}

type VerifyStepProps = {
  email: string;
  actions: ReturnType<typeof useSigningActions>;
};

/**
 * The mailed one-time code: sent on request (never on opening: mail scanners open links), entered in one
 * field that phones fill from the mail (one-time-code) and that takes a pasted code; six digits send it.
 */
export function VerifyStep({ email, actions }: VerifyStepProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState<SigningCodeResponse | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pause, setPause] = useState(0);
  const { code: sendCode, verify } = actions;

  useEffect(() => {
    if (pause <= 0) return;
    const timer = setTimeout(() => setPause((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [pause]);

  const requestCode = () => {
    setProblem(null);
    sendCode.mutate(undefined, {
      onSuccess: (answer) => {
        setSent(answer);
        setCode('');
        setPause(resendPauseSeconds);
        // The field appears with the answer; focus goes there once it is drawn.
        setTimeout(() => input.current?.focus());
      },
      onError: (error) => setProblem(problemOfSending(error)),
    });
  };

  const submit = (entered: string) => {
    if (verify.isPending) return;
    if (entered.length !== signingCodeLength) {
      setProblem({ key: 'signer.verify.incomplete', values: { count: signingCodeLength } });
      input.current?.focus();
      return;
    }
    setProblem(null);
    verify.mutate(entered, {
      onError: (error) => {
        const found = problemOfCode(error);
        setProblem(found);
        // This code is used up: a new one may be asked for at once.
        if (found.needsNewCode) setPause(0);
        setCode('');
        input.current?.focus();
      },
    });
  };

  const onChange = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, signingCodeLength);
    setCode(digits);
    setProblem(null);
    if (digits.length === signingCodeLength) submit(digits);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onChange(event.clipboardData.getData('text'));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  // Beside the field it is about, once there is one.
  const problemNotice = problem ? (
    <p id={`${id}-problem`} role="alert" className="ui-notice ui-notice--error">
      {t(problem.key, problem.values)}
    </p>
  ) : null;
  return (
    <section className="ui-card signer-verify" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('signer.verify.title')}</h2>
      {sent === null ? (
        <>
          <p>{t('signer.verify.intro', { email })}</p>
          <div>
            <Button onClick={requestCode} disabled={sendCode.isPending}>
              <Icon icon={Mail} />
              {sendCode.isPending ? t('signer.verify.sending') : t('signer.verify.send')}
            </Button>
          </div>
        </>
      ) : (
        <form className="signer-verify__form" onSubmit={onSubmit} noValidate>
          <p role="status">
            {t('signer.verify.sent', {
              email: sent.sentTo,
              time: formatTime(new Date(sent.expiresAt), locale),
            })}
          </p>
          <div className="ui-field">
            <label htmlFor={id}>{t('signer.verify.code')}</label>
            <input
              ref={input}
              id={id}
              className="signer-verify__code"
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={signingCodeLength}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
              onChange={(event) => onChange(event.target.value)}
              onPaste={onPaste}
            />
            <span id={`${id}-hint`} className="ui-field__hint">
              {t('signer.verify.codeHint', { count: signingCodeLength })}
            </span>
          </div>
          {problemNotice}
          <div className="signer-verify__actions">
            <Button type="submit" disabled={verify.isPending}>
              {verify.isPending ? t('signer.verify.checking') : t('signer.verify.confirm')}
            </Button>
            <Button variant="secondary" onClick={requestCode} disabled={pause > 0 || sendCode.isPending}>
              {pause > 0 ? t('signer.verify.resendIn', { count: pause }) : t('signer.verify.resend')}
            </Button>
          </div>
          <p className="ui-hint">{t('signer.verify.noMail')}</p>
        </form>
      )}
      {sent === null ? problemNotice : null}
    </section>
  );
}
