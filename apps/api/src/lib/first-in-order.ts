/**
 * The first `count` of `items` in the order of `compare`, in that order, without sorting them
 * all: a bounded heap whose top is the last of the best so far, so each item costs one
 * comparison unless it beats that one (n log count in all, not n log n). For the few shown of
 * many found: a page of results, the suggestions.
 */
export function firstInOrder<T>(
  items: ArrayLike<T>,
  count: number,
  compare: (a: T, b: T) => number,
): T[] {
  if (count <= 0) return [];
  if (count >= items.length) return Array.from(items).sort(compare);
  const heap: T[] = [];
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i] as T;
    if (heap.length < count) {
      heap.push(item);
      siftUp(heap, heap.length - 1, compare);
    } else if (compare(item, heap[0] as T) < 0) {
      heap[0] = item;
      siftDown(heap, compare);
    }
  }
  return heap.sort(compare);
}

/** Moves the item at `at` up while it comes after its parent (the heap's top is the last). */
function siftUp<T>(heap: T[], at: number, compare: (a: T, b: T) => number) {
  let child = at;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (compare(heap[child] as T, heap[parent] as T) <= 0) return;
    swap(heap, child, parent);
    child = parent;
  }
}

/** Moves the top down while a child comes after it. */
function siftDown<T>(heap: T[], compare: (a: T, b: T) => number) {
  let parent = 0;
  for (;;) {
    const left = 2 * parent + 1;
    const right = left + 1;
    let last = parent;
    if (left < heap.length && compare(heap[left] as T, heap[last] as T) > 0) last = left;
    if (right < heap.length && compare(heap[right] as T, heap[last] as T) > 0) last = right;
    if (last === parent) return;
    swap(heap, parent, last);
    parent = last;
  }
}

/** Swaps two items in place: no array made per swap, as a destructuring swap may make. */
function swap<T>(heap: T[], a: number, b: number) {
  const item = heap[a] as T;
  heap[a] = heap[b] as T;
  heap[b] = item;
}
