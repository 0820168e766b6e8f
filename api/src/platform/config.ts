import { join } from 'node:path';
import { ports } from '@formwerk/build-config/ports';
import { z } from 'zod';

const portError = 'must be a port number from 1 to 65535';

/** Whether `url` points at this machine, where plain http never leaves it. */
export function isLoopbackUrl(url: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
}

/** A deploy token of RELEASE_TOKENS: who it is in the audit log, and its secret. */
export type ReleaseToken = { name: string; token: string };

const releaseTokenPattern = /^([\w.-]{1,64}):(\S{32,})$/;

/** A comma-separated setting's entries, trimmed, without empty ones. */
const splitList = (list: string | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce
    .number({ error: portError })
    .int({ error: portError })
    .min(1, { error: portError })
    .max(65_535, { error: portError })
    .default(ports.api),
  /**
   * The address the api listens on: this machine only by default, where the shell reaches it; set
   * 0.0.0.0 only behind a proxy that is the sole way in.
   */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Whose X-Forwarded-For the api believes (Express's "trust proxy"): `loopback` (the default: the
   * shell on this machine, the only one that reaches the api bound to 127.0.0.1), addresses or subnets
   * (`10.0.0.5`, `10.0.0.0/8`, comma-separated), a hop count (`1`), or `false` to believe none.
   */
  TRUST_PROXY: z
    .string()
    .min(1)
    .default('loopback')
    .transform((value): boolean | number | string =>
      value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
    ),
  MONGODB_URI: z
    .string({ error: 'is required, e.g. mongodb://127.0.0.1:27017 (the launcher sets it)' })
    .regex(/^mongodb(\+srv)?:\/\//, { error: 'must start with mongodb:// or mongodb+srv://' }),
  MONGODB_DB_NAME: z.string().min(1).default('formwerk'),
  /** Where mail goes, e.g. smtp://user:pass@mail.example:587; without it mails are kept as files in MAIL_DIR. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Formwerk <no-reply@formwerk.localhost>'),
  MAIL_DIR: z
    .string()
    .min(1)
    .default(join(process.cwd(), '.data', 'mail')),
  /** The site's address as users reach it; mailed links start with it. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://forms.example' })
    .default(`http://localhost:${ports.shell}`)
    .transform((url) => url.replace(/\/+$/, '')),
  /**
   * Where the Mailchimp Marketing API is reached instead of https://<dc>.api.mailchimp.com (the data
   * center of each key), e.g. a local server speaking that API in tests.
   */
  MAILCHIMP_API_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:8025' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /**
   * The DNS servers that check custom domains' TXT records, comma-separated (`1.1.1.1,9.9.9.9`, a port
   * as `127.0.0.1:5353`); unset, the system's resolver.
   */
  DNS_SERVERS: z
    .string()
    .transform((list) => list.split(',').map((server) => server.trim()))
    .pipe(
      z.array(
        z.string().regex(/^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/i, {
          error: 'must be IP addresses with an optional port, e.g. 1.1.1.1,127.0.0.1:5353',
        }),
      ),
    )
    .optional(),
  /**
   * The secret the api derives its keys from (at least 32 characters); every instance of one site sets
   * the same. Unset, the api keeps a random one in SECRET_FILE, made on the first start.
   */
  SERVER_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SECRET_FILE: z
    .string()
    .min(1)
    .default(join(process.cwd(), '.data', 'server-secret')),
  /**
   * Stripe's secret key (`sk_live_…`, `sk_test_…`): card payments go to Stripe. Without it and without
   * STRIPE_API_URL there are no payments, and every team stays on Free.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^[rs]k_(live|test)_\w+$/, { error: 'must be a Stripe secret key, sk_…' })
    .optional(),
  /**
   * stripe-mock's address (e.g. http://127.0.0.1:12111): test mode, payments go to the mock and nothing is
   * charged. `npm start` sets it, with a mock it starts, when STRIPE_SECRET_KEY is not set.
   */
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:12111' })
    .optional(),
  /** The signing secret of the webhook endpoint in Stripe (`whsec_…`): required with a live or test key of Stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8, { error: 'must be the endpoint’s signing secret, whsec_…' }).optional(),
  /**
   * Google sign-in (OpenID Connect): the OAuth client's id and secret from the Google Cloud console, whose
   * authorised redirect URI is PUBLIC_URL + /api/v1/auth/google/callback. Without the id the login dialog
   * offers no Google button.
   */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Google's issuer, https://accounts.google.com when unset; tests point the same code at an OpenID
   * provider of their own on this machine.
   */
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://accounts.google.com' })
    .refine((url) => url.startsWith('https://') || isLoopbackUrl(url), {
      error: 'must be an https URL (http only on this machine: 127.0.0.1, localhost, [::1])',
    })
    .optional(),
  /**
   * The form assistant's AI model: an OpenAI-compatible chat-completions endpoint, called at
   * AI_BASE_URL + /chat/completions (e.g. https://api.openai.com/v1), with AI_API_KEY as its bearer
   * token and AI_MODEL as the model (gpt-4o-mini unless set). Without AI_BASE_URL the assistant works
   * offline, from its own lexicon and the templates (decision 027).
   */
  AI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://api.openai.com/v1' })
    .refine((url) => url.startsWith('https://') || isLoopbackUrl(url), {
      error: 'must be an https URL (http only on this machine: 127.0.0.1, localhost, [::1])',
    })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  /**
   * Who operates the site's releases (decision 035): signed-in users with these addresses, comma-separated,
   * case-insensitive, may register, promote and roll back the areas' releases. Unset, nobody signed in may.
   */
  PLATFORM_OPERATOR_EMAILS: z
    .string()
    .optional()
    .transform((list) => splitList(list).map((email) => email.toLowerCase()))
    .pipe(z.array(z.email({ error: 'must be email addresses, comma-separated' }))),
  /**
   * Deploy tokens for the same (`npm run release`, CI): `name:token` pairs, comma-separated, each token at
   * least 32 characters (e.g. `ci:` and the output of `openssl rand -hex 32`). A request with
   * `Authorization: Bearer <token>` acts as `token:<name>` in the audit log.
   */
  RELEASE_TOKENS: z
    .string()
    .optional()
    .transform((list, context) => {
      const tokens: ReleaseToken[] = [];
      for (const [index, entry] of splitList(list).entries()) {
        const match = releaseTokenPattern.exec(entry);
        // Never the entry itself in the message: it may be most of a secret.
        if (!match?.[1] || !match[2]) {
          context.addIssue({
            code: 'custom',
            message: `entry ${index + 1} must be name:token (a name of letters, digits, ".", "_" or "-", a token of at least 32 characters without spaces)`,
          });
        } else if (tokens.some((token) => token.name === match[1])) {
          context.addIssue({ code: 'custom', message: `entry ${index + 1} repeats the name ${match[1]}` });
        } else {
          tokens.push({ name: match[1], token: match[2] });
        }
      }
      return tokens;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

// Stripe refuses an event it cannot verify: a key for Stripe itself needs the webhook's secret beside it.
const billingConfigSchema = configSchema.refine(
  (config) => !config.STRIPE_SECRET_KEY || config.STRIPE_API_URL || config.STRIPE_WEBHOOK_SECRET,
  {
    path: ['STRIPE_WEBHOOK_SECRET'],
    error: 'is required with STRIPE_SECRET_KEY (the webhook endpoint’s signing secret)',
  },
);

// Google answers a client without its secret with an error only at the first sign-in: refused at start instead.
const googleConfigSchema = billingConfigSchema.refine(
  (config) => !config.GOOGLE_CLIENT_ID || config.GOOGLE_CLIENT_SECRET,
  { path: ['GOOGLE_CLIENT_SECRET'], error: 'is required with GOOGLE_CLIENT_ID (the OAuth client’s secret)' },
);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(environment: Record<string, string | undefined>): Config {
  const result = googleConfigSchema.safeParse(environment);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')} ${issue.message}`);
  throw new ConfigError(`The api cannot start, its environment is invalid:\n${problems.join('\n')}`);
}
