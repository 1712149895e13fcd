import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NO_SEARCH, useSearch } from '../../../lib/search';
import { searchProducts } from '../api/search-api';
import '../../../components/Spinner.css';
import './SearchForm.css';

/** The header's search box: results are kept app-wide and shown on /search. */
export function SearchForm() {
  const [search, setSearch] = useSearch();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const keyword = search.keyword.trim();
    if (!keyword) {
      setSearch({ ...NO_SEARCH, keyword: search.keyword });
      navigate('/search');
      return;
    }
    setBusy(true);
    try {
      const { items, total } = await searchProducts(keyword, 1);
      setSearch({ keyword: search.keyword, results: items, asked: keyword, total, page: 1 });
      navigate('/search');
    } catch (err) {
      // Spec §8: a failed search is only logged.
      console.error(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <search>
      <form className="search-form" onSubmit={onSubmit}>
        <input
          type="search"
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
