import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { averageRating } from '@shop/contracts';
import { Agent, fetch as patientFetch } from 'undici';
import { insertUsers } from '../features/auth/repository.js';
import { hashPassword } from '../features/auth/use-cases.js';
import { insertOrder } from '../features/orders/index.js';
import { findRatingSummary } from '../features/products/repository/ratings.js';
import { minor } from '../lib/money.js';
import { signToken } from '../lib/tokens.js';
import { createProduct } from './checkout.js';
import { type ApiProcess, JWT_SECRET, withTwoApiProcesses } from './oversell.js';

/** How long the processes' catalogues may take to show the last review (the promise is 1 s). */
const SHOWN_WITHIN_MS = 10_000;

export interface ReviewsRaceFigures {
  reviewers: number;
  /** POST answers by status, e.g. { 201: 1000, 409: 100 }. */
  answers: Record<string, number>;
  /** What the reviews written add up to, and what the product's stored rating says. */
  expected: { average: number; count: number };
  stored: { average: number; count: number; stars: Record<string, number> };
  /** What each process's product answer says once it caught up (or after SHOWN_WITHIN_MS). */
  shown: { average: number; count: number }[];
  /** Visible reviews the public list counts. */
  listed: number;
  writeMs: number;
}

/** Buyers of the product: a paid order each; their tokens. */
async function buyersOf(productId: string, count: number): Promise<string[]> {
  const passwordHash = await hashPassword('secret123');
  const ids = await insertUsers(
    Array.from({ length: count }, (_, i) => ({
      name: `Reviewer ${i + 1}`,
      email: `reviewer-${i + 1}-${randomUUID().slice(0, 8)}@example.com`,
      passwordHash,
      phone: '555-0100',
      address: `${i + 1} Review Street`,
      role: 0,
    })),
  );
  await Promise.all(
    ids.map((buyer) =>
      insertOrder({
        lines: [{ productId, name: 'Raced lamp', unitPrice: minor(2000), quantity: 1 }],
        payment: {
          id: `pi_race_${randomUUID()}`,
          success: true,
          status: 'succeeded',
          amount: minor(2000),
          currency: 'usd',
        },
        buyer: { _id: buyer },
      }),
    ),
  );
  return ids.map((id) => signToken(id, JWT_SECRET));
}

/**
 * The posts wait as long as the machine takes: on FerretDB each buyer check reads every order,
 * so 1,000 posts at once queue for minutes on a loaded 2-core machine, past fetch's fixed 300 s
 * headers timeout. The race is about what the ratings add up to; `writeMs` says how long it took.
 */
const patient = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

const post = (server: ApiProcess, productId: string, token: string, rating: number) =>
  patientFetch(`${server.url}/api/v1/product/${productId}/reviews`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ rating, title: `${rating} stars`, body: 'Written in a race.' }),
    dispatcher: patient,
  }).then((res) => res.status);

async function shownBy(server: ApiProcess, slug: string, count: number) {
  const giveUpAt = Date.now() + SHOWN_WITHIN_MS;
  for (;;) {
    const res = await fetch(`${server.url}/api/v1/product/get-product/${slug}`);
    const { product } = (await res.json()) as {
      product: { rating: ReviewsRaceFigures['expected'] };
    };
    const { rating } = product;
    if (rating.count === count || Date.now() > giveUpAt) return rating;
    await sleep(100);
  }
}

/**
 * Starts two API processes on one database; `reviewers` buyers of one product post their
 * review at once, alternating the processes, each rated 1 to 5 in turn, and every tenth posts
 * it twice at once (once to each process: one must get 409). Then reads the stored rating and
 * each process's product answer. The database is dropped after.
 */
export async function runReviewsRace(opts: {
  /** The database server; MONGO_URL's, else an embedded one, when absent. */
  mongoUrl?: string;
  reviewers: number;
}): Promise<ReviewsRaceFigures> {
  return withTwoApiProcesses(opts.mongoUrl, 'reviews', async (servers) => {
    const [a, b] = servers;
    const product = await createProduct({ price: 20, quantity: 5 });
    const tokens = await buyersOf(product.id, opts.reviewers);
    const ratingOf = (i: number) => (i % 5) + 1;

    const started = Date.now();
    const statuses = (
      await Promise.all(
        tokens.map((token, i) => {
          const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
          const once = post(first, product.id, token, ratingOf(i));
          return i % 10 === 0
            ? Promise.all([once, post(second, product.id, token, ratingOf(i))])
            : once.then((s) => [s]);
        }),
      )
    ).flat();
    const writeMs = Date.now() - started;

    const answers: Record<string, number> = {};
    for (const status of statuses) answers[status] = (answers[status] ?? 0) + 1;
    const sum = tokens.reduce((total, _, i) => total + ratingOf(i), 0);
    const stored = await findRatingSummary(product.id);
    const listed = await fetch(`${a.url}/api/v1/product/${product.id}/reviews?perPage=1`).then(
      async (res) => ((await res.json()) as { total: number }).total,
    );
    return {
      reviewers: opts.reviewers,
      answers,
      expected: { average: averageRating(sum, tokens.length), count: tokens.length },
      stored: stored
        ? { average: stored.average, count: stored.count, stars: stored.stars }
        : { average: Number.NaN, count: Number.NaN, stars: {} },
      shown: await Promise.all(servers.map((s) => shownBy(s, product.slug, tokens.length))),
      listed,
      writeMs,
    };
  });
}

export function printReviewsRaceFigures(f: ReviewsRaceFigures, print = console.log) {
  const answers = Object.entries(f.answers)
    .map(([status, count]) => `${count}x ${status}`)
    .join(', ');
  const stars = Object.entries(f.stored.stars)
    .map(([star, count]) => `${star}★ ${count}`)
    .join(', ');
  print(
    [
      `reviews race: ${f.reviewers} buyers review one product at once over 2 API processes (every tenth twice)`,
      `  answers:  ${answers} in ${f.writeMs} ms`,
      `  expected: average ${f.expected.average} of ${f.expected.count}`,
      `  stored:   average ${f.stored.average} of ${f.stored.count} (${stars})`,
      `  shown:    ${f.shown.map((r) => `${r.average} of ${r.count}`).join(' / ')} (each process's product answer)`,
      `  listed:   ${f.listed} visible reviews`,
    ].join('\n'),
  );
}

/** Whether the figures are what exact counting gives. */
export function raceWasExact(f: ReviewsRaceFigures): boolean {
  const doubled = Math.ceil(f.reviewers / 10);
  const same = (r: { average: number; count: number }) =>
    r.average === f.expected.average && r.count === f.expected.count;
  return (
    f.answers[201] === f.reviewers &&
    f.answers[409] === doubled &&
    Object.keys(f.answers).length === 2 &&
    same(f.stored) &&
    f.shown.every(same) &&
    f.listed === f.reviewers
  );
}
