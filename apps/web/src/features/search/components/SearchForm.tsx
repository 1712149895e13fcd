import { useNavigate } from 'react-router-dom';
import { NO_SEARCH, useSearch } from '../../../lib/search';
import { useSubmit } from '../../../lib/use-form';
import { searchProducts } from '../api/search-api';
import '../../../components/Spinner.css';
import './SearchForm.css';

/** The header's search box: results are kept app-wide and shown on /search. */
export function SearchForm() {
  const [search, setSearch] = useSearch();
  const navigate = useNavigate();

  const { busy, onSubmit } = useSubmit(
    async () => {
      const keyword = search.keyword.trim();
      if (!keyword) {
        setSearch({ ...NO_SEARCH, keyword: search.keyword });
        navigate('/search');
        return;
      }
      const { items, total } = await searchProducts(keyword, 1);
      setSearch({ keyword: search.keyword, results: items, asked: keyword, total, page: 1 });
      navigate('/search');
    },
    (err) => {
      // Spec §8: a failed search is only logged.
      console.error(err);
      return undefined;
    },
  );

  return (
    <search>
      {/* Without scripts, the browser asks for /search?keyword=…, which the server renders. */}
      <form className="search-form" action="/search" method="get" onSubmit={onSubmit}>
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
