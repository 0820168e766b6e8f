import type { SignatureMarks } from '@formwerk/contracts';
import { useCallback, useEffect, useState } from 'react';
import { findSignatureMarks } from '../api/signature-marks-api';
import { toErrorKey } from '../utils/error-key';

/** The person's saved marks, read when the page opens and again on `reload`. */
export function useSignatureMarks() {
  const [marks, setMarks] = useState<SignatureMarks | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);

  const reload = useCallback(async () => {
    setIsLoading(true);
    try {
      setMarks(await findSignatureMarks());
      setErrorKey(null);
    } catch (error) {
      setErrorKey(toErrorKey(error));
    } finally {
      setIsLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { marks, setMarks, errorKey, isLoading, reload };
}
