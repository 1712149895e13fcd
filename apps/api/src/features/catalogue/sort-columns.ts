import type { Product } from '@shop/contracts';

/**
 * What search's sorts read of each product (its price, its rating's average and count), by its
 * number in the search index, in typed arrays: ordering a page of thousands of matches compares
 * numbers side by side instead of reading as many product objects spread over the heap. Written
 * at each change of the product.
 */
export class SortColumns {
  price = new Float64Array(0);
  ratingAverage = new Float64Array(0);
  ratingCount = new Float64Array(0);

  set(number: number, { price, rating }: Product) {
    if (number >= this.price.length) this.grow(Math.max(1024, (number + 1) * 2));
    this.price[number] = price;
    this.ratingAverage[number] = rating.average;
    this.ratingCount[number] = rating.count;
  }

  private grow(size: number) {
    const grown = (from: Float64Array) => {
      const to = new Float64Array(size);
      to.set(from);
      return to;
    };
    this.price = grown(this.price);
    this.ratingAverage = grown(this.ratingAverage);
    this.ratingCount = grown(this.ratingCount);
  }
}
