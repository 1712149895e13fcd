/**
 * A formatter made on first use: each costs milliseconds to build (Chromium loads its locale
 * data for the first one), and the first screen needs none of them.
 */
export const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

/** The first `length` characters followed by '...', as the description previews of spec §9. */
export const preview = (text: string, length: number) => `${text.substring(0, length)}...`;
