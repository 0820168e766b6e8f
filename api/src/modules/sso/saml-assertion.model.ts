import { model, Schema } from '../../platform/db';
import { defineExpiringCollection, expiresHourField } from '../../platform/expiring-documents';

/**
 * The SAML assertions taken, `_id` = `<teamId> <assertion ID>`: unique because it is the id, so of two
 * posts of one assertion only the first insert succeeds (a replay is refused). Kept until the assertion's
 * own NotOnOrAfter has passed, after which the IdP's answer is refused as expired anyway; the embedded
 * database has no TTL index, so the housekeeping job removes them by `expiresHour` (decision 030).
 */
const samlAssertionSchema = new Schema(
  {
    _id: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    expiresHour: expiresHourField,
  },
  { versionKey: false, timestamps: { createdAt: true, updatedAt: false } },
);

export const SamlAssertionModel = model('SamlAssertion', samlAssertionSchema, 'saml_assertions');

/** For the housekeeping job's list of expiring collections. */
export const expiringSamlAssertions = defineExpiringCollection(SamlAssertionModel, 'expiresAt');
