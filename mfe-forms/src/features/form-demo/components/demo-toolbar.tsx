import { Button, Icon } from '@formwerk/ui';
import { Send, Share2, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BuilderHistory, BuilderTitleInput } from '../../form-builder/components/builder-toolbar';

// What the builder does with a server, shown as it is in the app but out of reach.
const accountFeatures = [
  { key: 'assistant', icon: Sparkles },
  { key: 'share', icon: Share2 },
  { key: 'publish', icon: Send },
] as const;

/** The builder's title, save state and undo; what needs an account is shown off, with why. */
export function DemoToolbar() {
  const { t } = useTranslation('forms');
  return (
    <div className="ui-editor-toolbar builder-toolbar">
      <div className="ui-editor-toolbar__title">
        <BuilderTitleInput />
        <span className="ui-badge">{t('demo.badge')}</span>
      </div>
      <div className="ui-editor-toolbar__actions">
        <BuilderHistory savedLabel={t('demo.saved')} />
        {accountFeatures.map(({ key, icon }) => (
          <Button
            key={key}
            variant="secondary"
            disabled
            title={`${t(`demo.accountFeatures.${key}`)} – ${t('demo.withAccount')}`}
            aria-describedby="demo-with-account"
          >
            <Icon icon={icon} /> <span className="ui-phone-hidden">{t(`demo.accountFeatures.${key}`)}</span>
          </Button>
        ))}
        <span id="demo-with-account" className="ui-hint form-demo__with-account">
          {t('demo.withAccount')}
        </span>
      </div>
    </div>
  );
}
