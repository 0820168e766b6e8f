import { type PricingId, parsePricingId, plans } from '@formwerk/contracts';
import Stripe from 'stripe';
import { callStripe } from './stripe-client';

// Stripe's price of each pricing id, found by its lookup key (the pricing id itself) and made from the
// plans config when Stripe has none, or none at the config's amount: a new site needs nothing set up in
// Stripe's dashboard, and a changed price in the config is what new checkouts charge (the key moves to
// the new price; running subscriptions keep theirs until changed).

const priceIds = new Map<PricingId, string>();

const productIdOf = (pricingId: PricingId) => `formwerk-${parsePricingId(pricingId).planId}`;

/** The plan's product, made with an id of ours, so that it is found again without a search. */
async function ensureProduct(pricingId: PricingId): Promise<string> {
  const id = productIdOf(pricingId);
  const { planId } = parsePricingId(pricingId);
  await callStripe('answer the product', async (stripe) => {
    try {
      await stripe.products.retrieve(id);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'resource_missing') throw error;
      const name = `Formwerk ${planId.charAt(0).toUpperCase()}${planId.slice(1)}`;
      await stripe.products.create({ id, name, metadata: { planId } });
    }
  });
  return id;
}

async function createPrice(pricingId: PricingId, amount: number): Promise<Stripe.Price> {
  const product = await ensureProduct(pricingId);
  return callStripe('create the price', (stripe) =>
    stripe.prices.create({
      product,
      currency: 'eur',
      unit_amount: amount,
      recurring: { interval: parsePricingId(pricingId).interval },
      lookup_key: pricingId,
      transfer_lookup_key: true,
      metadata: { pricingId },
    }),
  );
}

/** The id of Stripe's price for `pricingId`, made once when missing. */
export async function findPriceId(pricingId: PricingId): Promise<string> {
  const known = priceIds.get(pricingId);
  if (known) return known;
  const { planId, interval } = parsePricingId(pricingId);
  const amount = plans[planId].prices?.[interval];
  if (amount === undefined) throw new Error(`The ${planId} plan has no price`);
  const [existing] = (
    await callStripe('list the prices', (stripe) =>
      stripe.prices.list({ lookup_keys: [pricingId], active: true, limit: 1 }),
    )
  ).data;
  // stripe-mock answers any lookup with a fixture price of another amount: test mode makes one too.
  const price =
    existing?.lookup_key === pricingId && existing.unit_amount === amount
      ? existing
      : await createPrice(pricingId, amount);
  priceIds.set(pricingId, price.id);
  return price.id;
}
