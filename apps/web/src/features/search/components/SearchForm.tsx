import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useSearch } from '../../../lib/search';
import { useSubmit } from '../../../lib/use-form';
import { productQueries } from '../../products';
import '../../../components/Spinner.css';
import './SearchForm.css';

/** The header's search box: results are kept app-wide and shown on /search. */
export function SearchForm() {
  const [search, setSearch] = useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // A read the shopper starts, not a write: it changes nothing another read holds.
  const { busy, form } = useSubmit(
    {
      mutationFn: async (keyword: string) => {
        if (!keyword) return;
        // Each search asks again, from its first page, and shows its results once they are in.
        const results = productQueries.search(keyword);
        queryClient.removeQueries({ queryKey: results.queryKey, exact: true });
        await queryClient.fetchInfiniteQuery(results);
      },
    },
    {
      onSuccess: (_results, keyword) => {
        setSearch({ keyword: search.keyword, asked: keyword, from: 1 });
        navigate('/search');
      },
      onFailure: (err) => {
        // Spec §8: a failed search is only logged.
        console.error(err);
        return undefined;
      },
    },
  );

  return (
    <search>
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
          value={search.keyword}
          onChange={(event) => setSearch({ ...search, keyword: event.target.value })}
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
    </search>
  );
}
