import type { Category } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { fetchCategories } from '../api/categories-api';

/**
 * The last list seen, shared by every screen: a page shows it at once and refreshes it
 * behind the scenes, so the header's dropdown does not flicker on each navigation.
 */
let lastKnown: Category[] | undefined;

/** The request under way: the header and the page asking at once share one. */
let inFlight: Promise<Category[]> | undefined;

function loadCategories() {
  inFlight ??= fetchCategories().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

export interface CategoriesState {
  categories: Category[];
  loading: boolean;
  failed: boolean;
}

/** The category list; `onError` runs when loading it fails (the header only logs). */
export function useCategories(onError?: (err: unknown) => void): CategoriesState {
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const [state, setState] = useState<CategoriesState>(() => ({
    categories: lastKnown ?? [],
    loading: lastKnown === undefined,
    failed: false,
  }));

  useEffect(() => {
    let gone = false;
    loadCategories().then(
      (categories) => {
        lastKnown = categories;
        if (!gone) setState({ categories, loading: false, failed: false });
      },
      (err: unknown) => {
        if (gone) return;
        console.error(err);
        setState((previous) => ({ ...previous, loading: false, failed: true }));
        onErrorRef.current?.(err);
      },
    );
    return () => {
      gone = true;
    };
  }, []);

  return state;
}

/** Tests start from an empty cache. */
export function forgetCategories() {
  lastKnown = undefined;
  inFlight = undefined;
}
