import type { SignatureMark } from '@formwerk/contracts';
import { Button, useModalDialog } from '@formwerk/ui';
import { BadgeCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signatureMarkImageUrl } from '../../signature-template/api/signature-marks-api';
import { MarkWays, useMarkMaking } from '../../signature-template/components/mark-ways';
import { toErrorKey as toMarkErrorKey } from '../../signature-template/utils/error-key';
import { UploadProblem } from '../../signature-template/utils/prepare-upload';
import { type MarkSource, makeMark } from '../utils/make-mark';
import '../../signature-template/components/signature-template.css';

export type MarkKind = 'signature' | 'initials';

type MarkDialogProps = {
  /** Which mark is asked for; null while closed. */
  kind: MarkKind | null;
  /** The visitor's saved mark of this kind, when they are signed in and have one. */
  saved: SignatureMark | null;
  /** The text the Type tab starts with (the recipient's name, or its initials). */
  suggestedText: string;
  onAdopt: (value: { png: string }) => void;
  onClose: () => void;
};

/**
 * Makes the signature or initials for the fields: the saved one in one click, or drawn, typed in a
 * handwriting font or uploaded. A native modal <dialog> keeps focus inside, closes on Escape and gives
 * focus back to the button that opened it.
 */
export function MarkDialog({ kind, saved, suggestedText, onAdopt, onClose }: MarkDialogProps) {
  const isOpen = kind !== null;
  const dialog = useModalDialog(isOpen, onClose);
  const headingId = useId();

  return (
    <dialog ref={dialog} className="ui-dialog signer-mark-dialog" aria-labelledby={headingId}>
      {kind ? (
        <MarkMaker
          kind={kind}
          headingId={headingId}
          saved={saved}
          suggestedText={suggestedText}
          onAdopt={onAdopt}
          onClose={onClose}
        />
      ) : null}
    </dialog>
  );
}

function MarkMaker({
  kind,
  headingId,
  saved,
  suggestedText,
  onAdopt,
  onClose,
}: MarkDialogProps & { kind: MarkKind; headingId: string }) {
  const { t } = useTranslation('documents');
  const making = useMarkMaking<'saved'>({ initialWay: saved ? 'saved' : 'draw', initialText: suggestedText });
  const [isMaking, setIsMaking] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const savedUrl = saved ? signatureMarkImageUrl(kind, saved) : null;
  const source: MarkSource | null =
    making.way === 'saved' ? (savedUrl ? { way: 'saved', imageUrl: savedUrl } : null) : making.made;

  const adopt = async () => {
    if (!source || isMaking) return;
    setIsMaking(true);
    setErrorKey(null);
    try {
      onAdopt(await makeMark(source));
    } catch (error) {
      setErrorKey(error instanceof UploadProblem ? toMarkErrorKey(error.code) : 'signer.mark.failed');
      setIsMaking(false);
    }
  };

  return (
    <div className="ui-dialog__body signer-mark">
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t(`signer.mark.${kind}.title`)}
      </h2>
      <MarkWays
        making={making}
        onWayChange={() => setErrorKey(null)}
        extra={
          savedUrl
            ? {
                tab: { id: 'saved', label: t('signer.mark.tabs.saved'), icon: BadgeCheck },
                panel: (
                  <div className="signature-preview">
                    <img src={savedUrl} alt={t(`signer.mark.${kind}.savedAlt`)} />
                  </div>
                ),
              }
            : undefined
        }
        texts={{
          tabs: {
            label: t('signer.mark.tabs.label'),
            draw: t('signer.mark.tabs.draw'),
            type: t('signer.mark.tabs.type'),
            upload: t('signer.mark.tabs.upload'),
          },
          color: t('signer.mark.color'),
          colors: { black: t('signer.mark.colors.black'), blue: t('signer.mark.colors.blue') },
          padLabel: t(`signer.mark.${kind}.padLabel`),
          typedLabel: t(`signer.mark.${kind}.typedLabel`),
          previewAlt: t(`signer.mark.${kind}.previewAlt`),
        }}
      />
      <p className="ui-hint">{t('signer.mark.consent')}</p>
      {errorKey ? (
        <p role="alert" className="ui-notice ui-notice--error">
          {t(errorKey)}
        </p>
      ) : null}
      <div className="ui-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('signer.cancel')}
        </Button>
        <Button onClick={() => void adopt()} disabled={!source || isMaking} aria-disabled={!source || isMaking}>
          {isMaking ? t('signer.mark.adopting') : t(`signer.mark.${kind}.adopt`)}
        </Button>
      </div>
    </div>
  );
}
