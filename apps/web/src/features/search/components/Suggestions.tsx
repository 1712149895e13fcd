import type { Suggestion } from '@shop/contracts';
import { productPath } from '@shop/contracts/storefront';
import { searchKeywordOf } from '@shop/contracts/values';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type RefObject, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Price } from '../../products';
import { SUGGEST_DELAY_MS, searchQueries } from '../api/queries';
import './Suggestions.css';

const NONE: Suggestion[] = [];

/** What the search box says of its list: open or not, and the option highlighted. */
export interface ComboboxState {
  expanded: boolean;
  activeId?: string;
}

/** The box's keys, handed to the list: arrows move, Enter opens, Escape closes. */
export type SuggestionKeys = ((event: KeyboardEvent<HTMLInputElement>) => void) | undefined;

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The search box's list of suggestions (a listbox, `id`): up to 8 products for the words typed,
 * asked once the shopper pauses. It tells the box (`onState`) whether it is open and which
 * option is highlighted, and handles the box's keys (`keys`).
 */
export function Suggestions({
  id,
  keyword,
  focused,
  keys,
  onState,
}: {
  id: string;
  keyword: string;
  focused: boolean;
  keys: RefObject<SuggestionKeys>;
  onState: (state: ComboboxState) => void;
}) {
  const navigate = useNavigate();
  const q = useSettled(searchKeywordOf(keyword) ?? '', SUGGEST_DELAY_MS);
  const { data: products = NONE } = useQuery({
    ...searchQueries.suggestions(q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  const [active, setActive] = useState(-1);
  const [closedFor, setClosedFor] = useState<string>();

  // A new list of suggestions starts with none highlighted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is what resets it
  useEffect(() => setActive(-1), [products]);

  const expanded = focused && keyword.trim() !== '' && closedFor !== keyword && products.length > 0;
  const activeId = expanded && active >= 0 ? `${id}-${active}` : undefined;
  useEffect(() => onState({ expanded, activeId }), [expanded, activeId, onState]);

  const open = (product: Suggestion) => {
    setClosedFor(keyword);
    navigate(productPath(product.slug));
  };

  const onKey: SuggestionKeys = (event) => {
    const count = products.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        setClosedFor(undefined);
        // From the box (or a closed list) to the first or last option; past either end, round.
        if (!expanded || active < 0) setActive(down ? 0 : count - 1);
        else setActive((active + (down ? 1 : count - 1)) % count);
        return;
      }
      case 'Enter': {
        const product = expanded ? products[active] : undefined;
        if (!product) return;
        event.preventDefault();
        open(product);
        return;
      }
      case 'Escape':
        if (!expanded) return;
        event.preventDefault();
        setClosedFor(keyword);
        setActive(-1);
    }
  };
  useEffect(() => {
    keys.current = onKey;
  });

  // The WAI-ARIA 1.2 combobox pattern: the focus stays in the box (its keys move the highlight,
  // aria-activedescendant names it), so the options take no focus and no keys of their own.
  return (
    <div id={id} role="listbox" aria-label="Suggestions" className="suggestions" hidden={!expanded}>
      {products.map((product, index) => (
        // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the box (above)
        // biome-ignore lint/a11y/useKeyWithClickEvents: the box's keys choose it (above)
        <div
          key={product._id}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className={index === active ? 'suggestion is-active' : 'suggestion'}
          // The box keeps the focus (and so its list) while an option is pressed.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => open(product)}
        >
          <span className="suggestion-name">{product.name}</span>
          <Price value={product.price} />
        </div>
      ))}
    </div>
  );
}
