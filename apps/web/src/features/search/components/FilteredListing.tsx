import type { SearchFacets } from '@shop/contracts';
import { type ReactNode, type SyntheticEvent, useState } from 'react';
import type { SearchPageState } from '../api/queries';
import { FacetPanel } from './FacetPanel';
import { SortMenu } from './SortMenu';
import './FilteredListing.css';

const DRAWER_ID = 'search-filters';
const RESULTS_ID = 'search-results';

/**
 * A button that opens or closes the drawer: with scripts, `onPress`; without, a link to the
 * element `target` on the same page (CSS shows the drawer as the target, and hides it when the
 * target is another), which no router link can be: it would name the path, and leave the page.
 */
function DrawerButton({
  target,
  className,
  expanded,
  onPress,
  children,
}: {
  target: string;
  className: string;
  expanded?: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  const press = (event: SyntheticEvent) => {
    event.preventDefault();
    onPress();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a link without scripts (above), a button with them
    <a
      href={`#${target}`}
      role="button"
      className={className}
      aria-expanded={expanded}
      aria-controls={expanded === undefined ? undefined : DRAWER_ID}
      onClick={press}
      onKeyDown={(event) => {
        if (event.key === ' ') press(event);
      }}
    >
      {children}
    </a>
  );
}

/**
 * A search or category page (at `path`): its `heading` and result `count`, the facets beside the
 * products (`children`) and the sort above them. On a phone the facets are a drawer a Filters
 * button opens: a link to the drawer, which CSS shows as its target, so it opens without
 * scripts too.
 */
export function FilteredListing({
  path,
  state,
  facets,
  heading,
  count,
  children,
}: {
  path: string;
  state: SearchPageState;
  facets: SearchFacets | undefined;
  heading: ReactNode;
  count: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="filtered-listing">
      <div className="filtered-listing-head">
        {heading}
        {count}
      </div>
      {facets && (
        <aside className="filtered-listing-facets" aria-label="Filters">
          <DrawerButton
            target={DRAWER_ID}
            className="btn btn-outline facets-toggle"
            expanded={open}
            onPress={() => setOpen(!open)}
          >
            Filters
          </DrawerButton>
          <div id={DRAWER_ID} className={open ? 'facet-drawer open' : 'facet-drawer'}>
            <FacetPanel path={path} state={state} facets={facets} />
            <DrawerButton
              target={RESULTS_ID}
              className="btn btn-primary facets-close"
              onPress={() => setOpen(false)}
            >
              Show results
            </DrawerButton>
          </div>
        </aside>
      )}
      <section id={RESULTS_ID} className="filtered-listing-products" aria-label="Products">
        <SortMenu path={path} state={state} />
        {children}
      </section>
    </div>
  );
}
