import { type FormEvent, useState } from 'react';
import { toErrorKey } from './error-key';

export type EmailRequestStatus = 'idle' | 'sending' | 'sent';

/**
 * The submit of a form that asks for a mailed link by address (forgot password, verification): its
 * status and the translation key of an error. The api answers alike for every address.
 */
export function useEmailRequest(send: (request: { email: string }) => Promise<void>) {
  const [status, setStatus] = useState<EmailRequestStatus>('idle');
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setStatus('sending');
    setErrorKey(null);
    try {
      await send({ email: String(form.get('email') ?? '') });
      setStatus('sent');
    } catch (error) {
      setErrorKey(toErrorKey(error));
      setStatus('idle');
    }
  };

  return { status, errorKey, onSubmit };
}
