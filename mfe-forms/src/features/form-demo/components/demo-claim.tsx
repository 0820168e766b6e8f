import { lazy, Suspense } from 'react';
import { isDemoDraftKept } from '../utils/demo-draft-key';

const DemoClaimFlow = lazy(() => import('./demo-claim-flow').then((module) => ({ default: module.DemoClaimFlow })));

/**
 * On the first signed-in pages (the home, the forms list): a form built in the demo before signing up
 * becomes the team's form and opens in the builder. Its code, and the form schema it checks the draft
 * with, load only in a browser that keeps a demo: the forms list of everyone else stays as light.
 */
export function DemoClaim() {
  return isDemoDraftKept() ? (
    <Suspense fallback={null}>
      <DemoClaimFlow />
    </Suspense>
  ) : null;
}
