import { isChargeableCurrency } from '@shop/contracts';
import { z } from 'zod';

/** HS256 keys shorter than its 256-bit output can be brute-forced from one token. */
const MIN_PRODUCTION_SECRET_BYTES = 32;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Loopback unless told otherwise: docker compose sets 0.0.0.0 inside its network. */
    HOST: z.string().default('127.0.0.1'),
    MONGO_URL: z.string().trim().min(1).optional(),
    /** Where the embedded database keeps its files when MONGO_URL is not set. */
    DATA_DIR: z.string().default('.data'),
    JWT_SECRET: z.string().min(1).optional(),
    /**
     * The key sealing the accounts' two-factor secrets in the database; unset, one derived from
     * JWT_SECRET (so a new JWT_SECRET alone would make every authenticator's codes stop passing).
     */
    TWO_FACTOR_KEY: z
      .string()
      .refine((key) => Buffer.byteLength(key) >= MIN_PRODUCTION_SECRET_BYTES, {
        error: `must be at least ${MIN_PRODUCTION_SECRET_BYTES} bytes (e.g. openssl rand -hex 32)`,
      })
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Folder of the built SPA served at `/`; empty disables it. */
    WEB_DIST: z.string().optional(),
    /**
     * Where shoppers reach the shop (`https://shop.example`): the origin of every absolute URL
     * crawlers and link previews read (canonical, Open Graph, sitemap, robots.txt), never taken
     * from a request. Required in production; elsewhere unset: the address the shop listens on.
     */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://shop.example' })
      .transform((url) => new URL(url).origin)
      .optional(),
    /** URLs per sitemap file: the protocol's 50,000 at most; smaller in tests. */
    SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(50_000),
    /**
     * MB of storefront pages each process keeps (about 50 kB a product page, counted with its
     * gzipped copy): all of a catalogue's product pages fit in 1 MB per 20 products.
     */
    STOREFRONT_PAGES_MB: z.coerce.number().int().min(1).default(8),
    /** Upload limit for product photos, in bytes. */
    MAX_PHOTO_BYTES: z.coerce.number().int().positive().default(1_000_000),
    /**
     * Hosts a catalogue import fetches `photo` URLs from, comma-separated: names
     * (`cdn.example.com`), subdomains (`*.example.com`), IP addresses. Empty: photo URLs are not
     * fetched. A name must resolve to public addresses only; a private or loopback address is
     * reached only when that address is listed itself.
     */
    IMPORT_PHOTO_HOSTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$|^[0-9a-f:.]+$/,
              'must list host names, *.domains or IP addresses, comma-separated',
            ),
        ),
      ),
    /** How long one photo URL of an import may take to fetch, redirects included. */
    IMPORT_PHOTO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** On SIGTERM/SIGINT, how long requests in flight may run before they are cut. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(8_000),
    AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    /** Profile updates allowed per signed-in user in 15 minutes (each one may hash a password). */
    PROFILE_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    /**
     * Wrong passwords allowed per account in 15 minutes, from all addresses and processes together
     * (sign-in and password change); a browser that signed in to it before has as many of its own.
     */
    PASSWORD_GUESS_LIMIT: z.coerce.number().int().positive().default(20),
    /** create-payment-intent and place-order calls allowed per signed-in user in 15 minutes, each. */
    CHECKOUT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
    /**
     * How long a checkout holds its cart's units while the shopper pays; starting again renews
     * it, up to twice this from the first start (see checkout/holds.ts).
     */
    CHECKOUT_HOLD_SECONDS: z.coerce.number().int().min(1).default(900),
    /** Units one shopper (an account, or a guest's mailbox) may hold in checkouts at once. */
    CHECKOUT_HOLD_UNITS: z.coerce.number().int().positive().default(50),
    /**
     * Units the checkouts started from one client address (an IPv6 address by its /56) may hold
     * at once: room for many shoppers behind one carrier's address, not for a whole catalogue.
     */
    CHECKOUT_HOLD_UNITS_PER_ADDRESS: z.coerce.number().int().positive().default(200),
    /** "Notify me" requests per client address in 15 minutes. */
    NOTIFY_ME_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    /** Quotes of a cart per client address in 15 minutes (public: asked on every change of method). */
    QUOTE_RATE_LIMIT: z.coerce.number().int().positive().default(300),
    /** Passwords of the seed accounts; required outside development (no published password). */
    SEED_ADMIN_PASSWORD: z.string().min(8).optional(),
    SEED_USER_PASSWORD: z.string().min(8).optional(),
    /**
     * Express 'trust proxy': which hops may set X-Forwarded-For, so that the login rate
     * limit counts shoppers, not the proxy in front (docker-compose sets 1 for nginx).
     */
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .transform((v): boolean | number | string =>
        v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v,
      ),
    STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().trim().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    /**
     * Only the first store currency, written when a shop without store settings first reads
     * them; from then on the admin's Store screen changes it (see features/store).
     */
    STRIPE_CURRENCY: z
      .string()
      .trim()
      .toLowerCase()
      .refine(isChargeableCurrency, 'must be a three-letter currency Stripe charges, such as usd')
      .default('usd'),
    /** e.g. http://127.0.0.1:12111 to talk to stripe-mock instead of Stripe. */
    STRIPE_API_BASE: z.url().optional(),
    /** Per request to Stripe; the SDK retries twice more on a timeout or a 5xx. */
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /** The mail server the buyers' e-mails go through; unset in development: a local catcher. */
    SMTP_URL: z
      .string()
      .trim()
      .regex(
        /^smtps?:\/\/\S+$/,
        'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587',
      )
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('Shop <shop@localhost>'),
    /** The longest wait between two attempts of one e-mail while the mail server is down. */
    MAIL_RETRY_MAX_MS: z.coerce.number().int().min(100).default(300_000),
    /** How long a sender's claim on an e-mail lasts; each SMTP time limit is a quarter of it. */
    MAIL_LEASE_MS: z.coerce.number().int().min(2_000).default(60_000),
    /** How often an idle sender looks for e-mails written by other processes. */
    MAIL_POLL_MS: z.coerce.number().int().min(10).default(1_000),
    /** Ports of the development mail catcher (started when SMTP_URL is unset in development). */
    MAIL_CATCHER_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
    MAIL_CATCHER_WEB_PORT: z.coerce.number().int().min(1).max(65535).default(1080),
    /** Bearer token of `/metrics`; unset: no metrics are served. */
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be 16 characters or more (openssl rand -hex 32)')
      .optional(),
    /**
     * A fault for the tests only: the process kills itself right after each write to the
     * catalogue lands, before announcing it (see catalogue.sync-crash.test.ts).
     */
    CRASH_AFTER_CATALOGUE_WRITE: z.literal('1').optional(),
    /**
     * A fault for the tests only: the process kills itself right after the step of this name of
     * a flow succeeds (see lib/steps.ts and checkout.crash.test.ts).
     */
    CRASH_AFTER_STEP: z
      .string()
      .regex(/^[a-zA-Z]+$/, 'must be the name of a step, such as reserve')
      .optional(),
  })
  .superRefine((env, ctx) => {
    for (const fault of ['CRASH_AFTER_CATALOGUE_WRITE', 'CRASH_AFTER_STEP'] as const) {
      if (env.NODE_ENV === 'production' && env[fault]) {
        ctx.addIssue({
          code: 'custom',
          path: [fault],
          message: 'is a test fault, never set in production',
        });
      }
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'PUBLIC_URL must be set in production (where shoppers reach the shop, e.g. https://shop.example): absolute URLs are never taken from a request',
      });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'JWT_SECRET must be set in production',
      });
    } else if (
      env.NODE_ENV === 'production' &&
      env.JWT_SECRET &&
      Buffer.byteLength(env.JWT_SECRET) < MIN_PRODUCTION_SECRET_BYTES
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: `JWT_SECRET must be at least ${MIN_PRODUCTION_SECRET_BYTES} bytes in production (e.g. openssl rand -hex 32)`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL'> {
  JWT_SECRET: string;
  PUBLIC_URL: string;
}

/** HOSTs meaning every address of the machine, which a shopper on it reaches as localhost. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

/**
 * Where a shop without PUBLIC_URL (outside production) is reached: the address it listens on,
 * as its start-up line prints it for a wildcard HOST (localhost).
 */
function listeningOrigin({ HOST, PORT }: Env): string {
  const host = WILDCARD_HOSTS.has(HOST) ? 'localhost' : HOST.includes(':') ? `[${HOST}]` : HOST;
  const url = `http://${host}:${PORT}`;
  return URL.canParse(url) ? new URL(url).origin : `http://localhost:${PORT}`;
}

/**
 * Reads and validates the environment once; throws one readable line per problem.
 * Without JWT_SECRET (allowed outside production) the secret comes from
 * `fallbackJwtSecret`, which the server points at a random secret kept in DATA_DIR:
 * never a constant that anyone could sign admin tokens with.
 */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  fallbackJwtSecret?: (env: Env) => string,
): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration: ${lines.join('; ')}`);
  }
  const secret = parsed.data.JWT_SECRET ?? fallbackJwtSecret?.(parsed.data);
  if (!secret) throw new Error('Invalid configuration: JWT_SECRET: JWT_SECRET is required');
  const publicUrl = parsed.data.PUBLIC_URL ?? listeningOrigin(parsed.data);
  return { ...parsed.data, JWT_SECRET: secret, PUBLIC_URL: publicUrl };
}
