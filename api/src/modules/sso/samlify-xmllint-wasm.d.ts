// The module ships JavaScript only; this is its one export (build/index.js), which samlify calls.
declare module '@authenio/samlify-xmllint-wasm' {
  /** Resolves when `xml` is valid against the SAML 2.0 schemas; rejects otherwise. */
  export function validate(xml: string): Promise<true>;
}
