/**
 * Settles in a task of its own (a macrotask): what follows runs after the browser has had its
 * turn, to paint and to answer a tap. Between two long pieces of work on a phone's main thread,
 * it makes them two tasks, each blocking it for less (Lighthouse's Total Blocking Time counts
 * what each task runs over 50 ms).
 */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
