import type { SigningView } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signingFileUrl } from '../api/signer-api';
import type { useSigningActions } from '../hooks/use-signing';
import { DocumentPages } from './signing-workspace';

type ViewWorkspaceProps = { token: string; view: SigningView; actions: ReturnType<typeof useSigningActions> };

/**
 * A viewer's part, and a CC's look: the document's pages. For a viewer, the document opened after the
 * code is their part done (the api records it as it sends the file); they are told so, and "Done" shows
 * where the request stands.
 */
export function ViewWorkspace({ token, view, actions }: ViewWorkspaceProps) {
  const { t } = useTranslation('documents');
  const [isOpened, setIsOpened] = useState(false);
  const isViewer = view.recipient.kind === 'viewer';

  return (
    <div className="signer-workspace">
      {isOpened && isViewer ? (
        <div className="ui-card signer-viewed" role="status">
          <p>{t('signer.viewer.done')}</p>
          <div>
            <Button onClick={() => void actions.reread()}>{t('signer.viewer.finish')}</Button>
          </div>
        </div>
      ) : (
        <p className="signer-bar__count">{t(isViewer ? 'signer.viewer.intro' : 'signer.cc.intro')}</p>
      )}
      <DocumentPages
        fileUrl={signingFileUrl(token)}
        pageCount={view.pageCount}
        fields={[]}
        prefilled={[]}
        values={{}}
        currentFieldId={null}
        onFieldPress={() => undefined}
        onLoaded={() => setIsOpened(true)}
      />
    </div>
  );
}
