import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChunkBoundary } from '../../../components/chunk-boundary';
import type { SendDialogProps } from './send-dialog';

const SendDialog = lazy(() => import('./send-dialog').then((module) => ({ default: module.SendDialog })));

/**
 * The send dialog, its code (with the contract's checks, and zod) fetched when it is first opened: the
 * template list and editor that offer it do not carry it. Once opened it stays mounted, so that closing
 * it returns the focus to the button that opened it.
 */
export function LazySendDialog(props: SendDialogProps) {
  const { t } = useTranslation('documents');
  const [hasOpened, setHasOpened] = useState(props.isOpen);
  if (props.isOpen && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  const failed = props.isOpen ? (
    <p className="ui-notice ui-notice--error" role="alert">
      {t('signingSend.chunkFailed')}
    </p>
  ) : null;
  return (
    <ChunkBoundary fallback={failed}>
      <Suspense fallback={null}>
        <SendDialog {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
