import { describe, expect, it } from 'vitest';
import type { QuotedReview } from './json-ld.js';
import { ReviewQuotes } from './review-quotes.js';

const quote = (title: string): QuotedReview => ({
  author: 'Asha',
  rating: 4,
  title,
  body: 'Bright.',
  datePublished: '2026-01-02T00:00:00.000Z',
});

const productAt = (reviewsVersion: number, count = 1) => ({
  product: { _id: 'lamp', rating: { average: 4, count } },
  reviewsVersion,
});

/** A read of the product's reviews that answers when told to, counting the reads. */
function heldReads() {
  const pending: { answer: (reviews: QuotedReview[]) => void; fail: (err: Error) => void }[] = [];
  const read = () =>
    new Promise<QuotedReview[]>((answer, fail) => {
      pending.push({ answer, fail });
    });
  return { read, pending };
}

describe('ReviewQuotes', () => {
  it('when a product is asked by several pages at once, then its reviews are read once, and again only once its version moves', async () => {
    const { read, pending } = heldReads();
    const quotes = new ReviewQuotes(read);

    const asked = [quotes.of(productAt(1)), quotes.of(productAt(1))];
    pending[0]?.answer([quote('First')]);

    expect(await Promise.all(asked)).toEqual([[quote('First')], [quote('First')]]);
    expect(await quotes.of(productAt(1))).toEqual([quote('First')]);
    expect(pending).toHaveLength(1);
    const moved = quotes.of(productAt(2));
    pending[1]?.answer([quote('Edited')]);
    expect(await moved).toEqual([quote('Edited')]);
  });

  it('when a product counts no visible review, then it quotes none, without a read', async () => {
    const { read, pending } = heldReads();
    const quotes = new ReviewQuotes(read);

    expect(await quotes.of(productAt(3, 0))).toEqual([]);
    expect(pending).toHaveLength(0);
  });

  it("when an older version's read ends after a newer one's, then the newer quotes are kept", async () => {
    const { read, pending } = heldReads();
    const quotes = new ReviewQuotes(read);

    const older = quotes.of(productAt(1));
    const newer = quotes.of(productAt(2));
    pending[1]?.answer([quote('Newer')]);
    await newer;
    pending[0]?.answer([quote('Older')]);
    await older;

    expect(await quotes.of(productAt(2))).toEqual([quote('Newer')]);
    expect(pending).toHaveLength(2);
  });

  it('when a read fails, then the pages waiting for it fail, and the next page reads again', async () => {
    const { read, pending } = heldReads();
    const quotes = new ReviewQuotes(read);

    const failed = quotes.of(productAt(1));
    pending[0]?.fail(new Error('database away'));
    await expect(failed).rejects.toThrow('database away');
    const again = quotes.of(productAt(1));
    pending[1]?.answer([quote('Back')]);

    expect(await again).toEqual([quote('Back')]);
  });
});
