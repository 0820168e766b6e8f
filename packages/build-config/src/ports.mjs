// The one place where ports are set (ARCHITECTURE.md, "Ports"). Change them only here.
export const ports = Object.freeze({
  shell: 3000,
  marketing: 3001,
  account: 3002,
  forms: 3003,
  approvals: 3004,
  documents: 3005,
  api: 4000,
  database: 27017,
  /** stripe-mock, the payments of `npm start` without STRIPE_SECRET_KEY (packages/build-config/src/stripe-mock.mjs). */
  stripeMock: 12111,
  /** stripe-mock of `npm test` (api tests and the browser tests' site), beside a started site's. */
  stripeMockTest: 12112,
});

/**
 * The area of a remote's package name (`mfe-forms` → `forms`), whose port is `ports[area]`.
 * @param {string} packageName
 * @returns {'marketing' | 'account' | 'forms' | 'approvals' | 'documents'}
 */
export function areaOfPackage(packageName) {
  const area = packageName.replace(/^mfe-/, '');
  if (!['marketing', 'account', 'forms', 'approvals', 'documents'].includes(area)) {
    throw new Error(`${packageName} is not a remote (mfe-<area>)`);
  }
  return /** @type {'marketing' | 'account' | 'forms' | 'approvals' | 'documents'} */ (area);
}
