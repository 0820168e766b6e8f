import { describe, expect, it } from 'vitest';
import { exampleSiteOperator, siteOperatorFrom, siteOperatorVariable } from './site-operator';

describe('the site operator', () => {
  it('is the examples until the environment names a detail, each by its own SITE_OPERATOR_* variable', () => {
    expect(siteOperatorFrom({})).toEqual(exampleSiteOperator);
    expect(siteOperatorVariable('postalCode')).toBe('SITE_OPERATOR_POSTAL_CODE');
    expect(siteOperatorVariable('supervisoryAuthorityUrl')).toBe('SITE_OPERATOR_SUPERVISORY_AUTHORITY_URL');
    const operator = siteOperatorFrom({
      SITE_OPERATOR_COMPANY: 'Acme Formulare GmbH',
      SITE_OPERATOR_VAT_ID: ' DE123456789 ',
      SITE_OPERATOR_EMAIL: '',
    });
    expect(operator.company).toBe('Acme Formulare GmbH');
    expect(operator.vatId).toBe('DE123456789');
    // An empty value is no detail: the example stays, visibly one.
    expect(operator.email).toBe(exampleSiteOperator.email);
  });

  it('has examples that cannot pass for real details', () => {
    expect(exampleSiteOperator.email).toMatch(/\.example$/);
    expect(exampleSiteOperator.company).toMatch(/Beispiel/);
  });
});
