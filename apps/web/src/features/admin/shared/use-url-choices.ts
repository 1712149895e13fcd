import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A list's choices kept in its screen's URL (`?status=…&q=…`), so going back to the list keeps
 * them: `params` as the URL has them; `keep(choices)` sets those it names, an empty one removed,
 * in place of the current entry (a choice is no page of its own to go back to). Read and written
 * without useSearchParams, whose code would join the first screen's bundle.
 */
export function useUrlChoices() {
  const params = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const keep = (choices: Record<string, string>) => {
    const query = new URLSearchParams(
      Object.entries({ ...Object.fromEntries(params), ...choices }).filter(
        ([, value]) => value !== '',
      ),
    ).toString();
    navigate({ search: query === '' ? '' : `?${query}` }, { replace: true });
  };
  return { params, keep };
}
