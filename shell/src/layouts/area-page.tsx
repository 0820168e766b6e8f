import type { Area, AreaModule } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { Component, type ReactNode, Suspense, useCallback, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isChunkLoadError, reloadAt } from '../build-update/build-update';
import { getLoadedArea, IncompatibleAreaError, loadArea, retryArea } from '../federation/area-loader';

type Failure = 'unavailable' | 'incompatible';

function AreaUnavailable({ onRetry }: { onRetry: () => Promise<void> }) {
  const { t } = useTranslation();
  const [isRetrying, setIsRetrying] = useState(false);
  return (
    <section className="area-unavailable" role="alert">
      <h1>{t('area.unavailableTitle')}</h1>
      <p>{t('area.unavailableText')}</p>
      <Button
        disabled={isRetrying}
        onClick={() => {
          setIsRetrying(true);
          void onRetry().finally(() => setIsRetrying(false));
        }}
      >
        {isRetrying ? t('area.retrying') : t('area.retry')}
      </Button>
    </section>
  );
}

/**
 * The area's release was built for another major of the platform than this page's shell: trying the
 * same code again cannot help, a fresh page load brings the shell that fits the live release.
 */
function AreaIncompatible() {
  const { t } = useTranslation();
  return (
    <section className="area-unavailable" role="alert">
      <h1>{t('area.incompatibleTitle')}</h1>
      <p>{t('area.incompatibleText')}</p>
      <Button onClick={() => window.location.reload()}>{t('area.reload')}</Button>
    </section>
  );
}

function AreaFallback({ failure, onRetry }: { failure: Failure; onRetry: () => Promise<void> }) {
  return failure === 'incompatible' ? <AreaIncompatible /> : <AreaUnavailable onRetry={onRetry} />;
}

type BoundaryProps = {
  children: ReactNode;
  fallback: ReactNode;
  resetKey: string;
  onError: (error: unknown) => void;
};

/** Keeps a failing remote page inside its area: the header, navigation and other areas stay usable. */
class AreaErrorBoundary extends Component<BoundaryProps, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
    this.props.onError(error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.hasError) this.setState({ hasError: false });
  }

  override render() {
    return this.state.hasError ? this.props.fallback : this.props.children;
  }
}

function AreaLoading() {
  const { t } = useTranslation();
  return (
    <p className="area-loading" role="status">
      {t('loading.area')}
    </p>
  );
}

function AreaContent({ area, module, page }: { area: Area; module: AreaModule; page: string }) {
  const Page = module.pages[page];
  if (!Page) throw new Error(`mfe_${area} has no page "${page}"`);
  return (
    <div className={`area area--${area}`} data-area={area}>
      {/* A page split into a chunk of its own (lazyPage) shows this while its code comes. */}
      <Suspense fallback={<AreaLoading />}>
        <Page />
      </Suspense>
    </div>
  );
}

/** Renders the page `page` of the remote that owns the route, or the area's fallback when it is down. */
export function AreaPage({ area, page }: { area: Area; page: string }) {
  const location = useLocation();
  const [failed, setFailed] = useState<{ area: Area; failure: Failure } | null>(null);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const module = getLoadedArea(area);

  const handleFailure = useCallback(
    (error: unknown) => {
      if (isChunkLoadError(error) && reloadAt(`${location.pathname}${location.search}`)) return;
      setFailed({ area, failure: error instanceof IncompatibleAreaError ? 'incompatible' : 'unavailable' });
    },
    [area, location.pathname, location.search],
  );

  useEffect(() => {
    if (getLoadedArea(area)) return;
    let isCurrent = true;
    loadArea(area).then(
      () => isCurrent && rerender(),
      (error: unknown) => isCurrent && handleFailure(error),
    );
    return () => {
      isCurrent = false;
    };
  }, [area, handleFailure]);

  const retry = async () => {
    await retryArea(area).then(() => setFailed(null), handleFailure);
  };

  if (!module && failed?.area === area) return <AreaFallback failure={failed.failure} onRetry={retry} />;
  if (!module) return <AreaLoading />;
  return (
    <AreaErrorBoundary
      resetKey={location.key}
      fallback={<AreaUnavailable onRetry={retry} />}
      // A page's chunk gone after a deploy reloads the page once (build-update), like the area's own.
      onError={(error) => {
        if (isChunkLoadError(error)) reloadAt(`${location.pathname}${location.search}`);
      }}
    >
      <AreaContent area={area} module={module} page={page} />
    </AreaErrorBoundary>
  );
}
