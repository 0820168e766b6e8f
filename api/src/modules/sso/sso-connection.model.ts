import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';

/**
 * A team's single sign-on: its identity provider (once saved), by OpenID Connect (`issuer`, `clientId`, the
 * secret) or SAML (`samlMetadataXml` and what was read from it), never both, and its settings. `_id` = team id.
 */
const ssoConnectionSchema = new Schema(
  {
    _id: { type: Number, required: true },
    issuer: { type: String, default: null },
    clientId: { type: String, default: null },
    // Sealed like an authenticator app's secret (security/sealed-values.ts): the api reads it back.
    sealedClientSecret: { type: String, default: null },
    // The IdP's metadata as the owner saved it: its certificate and addresses are read from it at each sign-in.
    samlMetadataXml: { type: String, default: null },
    samlEntityId: { type: String, default: null },
    samlSsoUrl: { type: String, default: null },
    samlCertificateExpiresAt: { type: Date, default: null },
    connectedAt: { type: Date, default: null },
    defaultRole: { type: String, enum: ['admin', 'member'], required: true, default: 'member' },
    isJitEnabled: { type: Boolean, required: true, default: false },
    isEnforced: { type: Boolean, required: true, default: false },
  },
  { timestamps: true },
);

export type SsoConnectionRecord = InferSchemaType<typeof ssoConnectionSchema>;
export const SsoConnectionModel = model('SsoConnection', ssoConnectionSchema);

/**
 * The account a person of the team's provider signs in to, `_id` = `<teamId>:<sub>`: the provider's
 * subject is unique only within its issuer, and each team brings its own.
 */
const ssoIdentitySchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
  },
  { timestamps: true },
);

export const SsoIdentityModel = model('SsoIdentity', ssoIdentitySchema);
