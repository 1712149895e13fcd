import { LRUCache } from 'lru-cache';
import { storefrontPageAnswers } from '../../lib/metrics.js';
import { type CatalogueStore, recordShown, ShownVersions } from '../catalogue/index.js';
import type { MadeAnswer } from './revision-cache.js';

/** A page as kept: its answer, and what it shows of the catalogue, at which versions. */
interface KeptPage {
  answer: MadeAnswer;
  shown: ShownVersions;
}

/**
 * Pages by key, each kept while every thing of the catalogue it shows is unchanged (noted as it
 * was made: features/catalogue/shown.ts), so a change of one product makes again only the pages
 * that show it; bounded by their bytes (the least recently sent go first).
 */
export class KeptPages {
  private readonly pages: LRUCache<string, KeptPage>;
  /** Pages being made, by catalogue revision and key. */
  private readonly making = new Map<string, Promise<MadeAnswer>>();

  constructor(maxBytes: number) {
    this.pages = new LRUCache({
      maxSize: maxBytes,
      // Its gzipped copy is counted ahead: a third of the bytes is generous for HTML.
      sizeCalculation: ({ answer }, key) => Math.ceil(answer.body.length * 1.34) + key.length + 512,
    });
  }

  /** The page kept under `key`, if the catalogue still shows all it shows as it was. */
  kept(catalogue: CatalogueStore | null, key: string): MadeAnswer | undefined {
    const page = this.pages.get(key);
    return page?.shown.stillShownBy(catalogue) ? page.answer : undefined;
  }

  /**
   * The page under `key`: the one kept while it is right, or else made now, noting what it
   * shows; requests that come while it is being made from this revision wait for the same
   * making. A transient answer is not kept.
   */
  async answer(
    catalogue: CatalogueStore,
    key: string,
    make: () => Promise<MadeAnswer>,
  ): Promise<MadeAnswer> {
    const kept = this.kept(catalogue, key);
    if (kept) {
      storefrontPageAnswers.inc({ outcome: 'kept' });
      return kept;
    }
    const making = `${catalogue.revision} ${key}`;
    const pending = this.making.get(making);
    if (pending) {
      storefrontPageAnswers.inc({ outcome: 'joined' });
      return pending;
    }
    storefrontPageAnswers.inc({ outcome: 'made' });
    const shown = new ShownVersions(catalogue);
    const made = recordShown(shown, make)
      .then((answer) => {
        if (!answer.transient) this.pages.set(key, { answer, shown });
        return answer;
      })
      .finally(() => this.making.delete(making));
    this.making.set(making, made);
    return made;
  }
}
