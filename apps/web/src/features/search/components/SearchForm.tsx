import { filteredPagePath } from '@shop/contracts/storefront';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSearch } from '../../../lib/search';
import { useSubmit } from '../../../lib/use-form';
import { searchQueries } from '../api/queries';
import type { ComboboxState, SuggestionKeys } from './Suggestions';
import '../../../components/Spinner.css';
import './SearchForm.css';

type SuggestionsModule = typeof import('./Suggestions');
const LISTBOX_ID = 'search-suggestions';
const CLOSED: ComboboxState = { expanded: false };

/**
 * The header's search box, a combobox (WAI-ARIA 1.2): as the shopper types, the products it
 * suggests (Suggestions, a chunk of its own, loaded on the first focus or key, so no page waits
 * for it); Enter on one opens it, Enter otherwise opens the search page of the words.
 */
export function SearchForm() {
  const [search, setSearch] = useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [suggestions, setSuggestions] = useState<SuggestionsModule>();
  const [focused, setFocused] = useState(false);
  const [combobox, setCombobox] = useState<ComboboxState>(CLOSED);
  const keys = useRef<SuggestionKeys>(undefined);

  const loadSuggestions = () => {
    if (!suggestions) void import('./Suggestions').then(setSuggestions);
  };

  // A read the shopper starts, not a write: it changes nothing another read holds.
  const { busy, form } = useSubmit(
    {
      mutationFn: async (keyword: string) => {
        if (!keyword) return;
        // Each search asks again, from its first page, and shows its results once they are in.
        const results = searchQueries.results({ keyword, filters: [], page: 1 });
        queryClient.removeQueries({ queryKey: results.queryKey, exact: true });
        await queryClient.fetchInfiniteQuery(results);
      },
    },
    {
      onSuccess: (_results, keyword) => {
        navigate(filteredPagePath('/search', { keyword, filters: [] }));
      },
      onFailure: (err) => {
        // Spec §8: a failed search is only logged.
        console.error(err);
        return undefined;
      },
    },
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    loadSuggestions();
    keys.current?.(event);
  };

  return (
    <search className="search-box">
      {/* Without scripts, the browser asks for /search?keyword=…, which the server renders. */}
      <form
        className="search-form"
        action="/search"
        method="get"
        onSubmit={form(search.keyword.trim()).onSubmit}
      >
        <input
          type="search"
          name="keyword"
          className="form-control"
          placeholder="Search"
          aria-label="Search"
          role="combobox"
          aria-autocomplete="list"
          autoComplete="off"
          aria-expanded={combobox.expanded}
          aria-controls={suggestions ? LISTBOX_ID : undefined}
          aria-activedescendant={combobox.activeId}
          value={search.keyword}
          onChange={(event) => {
            loadSuggestions();
            setSearch({ keyword: event.target.value });
          }}
          onFocus={() => {
            loadSuggestions();
            setFocused(true);
          }}
          onBlur={() => setFocused(false)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className={`btn btn-outline-success${busy ? ' is-busy' : ''}`}
          disabled={busy}
          aria-busy={busy}
        >
          Search
        </button>
      </form>
      {suggestions && (
        <suggestions.Suggestions
          id={LISTBOX_ID}
          keyword={search.keyword}
          focused={focused}
          keys={keys}
          onState={setCombobox}
        />
      )}
    </search>
  );
}
