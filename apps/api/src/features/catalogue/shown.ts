import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The things of the catalogue a page shows, each with a version in the catalogue store that
 * moves when it changes (in every process, as each applies the change log): a page kept is
 * right while each thing it showed is at the version it was shown at.
 */
export const shown = {
  /** A product, whatever shows it (its page, a card in a listing, a related product). */
  product: (productId: string) => `product ${productId}`,
  /** Which product a slug names (a product page of a slug no product has shows none). */
  slug: (slug: string) => `slug ${slug}`,
  /** Which products a category lists, in which order (not what they show: `product`). */
  listing: (categoryId: string) => `listing ${categoryId}`,
  /** Which products the shop lists newest first (the home page), and how many. */
  newest: 'newest',
  /** Every category, as the header's menu and the categories page show them. */
  categories: 'categories',
  /** Which products a search finds (their words, SKUs, order). */
  matches: 'matches',
  /** The whole catalogue: any change moves it (the catalogue's revision). */
  everything: 'everything',
} as const;

/** A catalogue as pages see it: the version of each thing they show (the catalogue store). */
export interface ShownCatalogue {
  versionOf(thing: string): number;
}

/**
 * What one answer shows of the catalogue, noted as it is made: each thing at the version it was
 * read at. Made from one catalogue store: one replaced (reloaded whole, as the store's settings'
 * change does) makes it out of date, as does a thing read at two versions.
 */
export class ShownVersions {
  private readonly versions = new Map<string, number>();
  private mixed = false;

  constructor(private readonly catalogue: ShownCatalogue) {}

  note(catalogue: ShownCatalogue, things: readonly string[]) {
    if (catalogue !== this.catalogue) this.mixed = true;
    for (const thing of things) {
      const version = catalogue.versionOf(thing);
      const noted = this.versions.get(thing);
      if (noted !== undefined && noted !== version) this.mixed = true;
      this.versions.set(thing, version);
    }
  }

  /** Whether `catalogue` still shows every thing noted as it was: a few map reads. */
  stillShownBy(catalogue: ShownCatalogue | null): boolean {
    if (this.mixed || catalogue !== this.catalogue) return false;
    for (const [thing, version] of this.versions) {
      if (catalogue.versionOf(thing) !== version) return false;
    }
    return true;
  }
}

/** The answer being made in this async context (the storefront's page), if any. */
const making = new AsyncLocalStorage<ShownVersions>();

/** Makes an answer, noting into `versions` what the reads made meanwhile show (`noteShown`). */
export const recordShown = <T>(versions: ShownVersions, make: () => T): T =>
  making.run(versions, make);

/** Notes what a read shows for the answer being made, if one is (anywhere else: nothing). */
export const noteShown = (catalogue: ShownCatalogue, things: readonly string[]) =>
  making.getStore()?.note(catalogue, things);
