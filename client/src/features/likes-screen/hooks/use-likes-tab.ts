import { useSearchParams } from 'react-router-dom';
import { readTab, TAB_PARAM } from './likes-state.ts';

/** The open tab, kept in the query (?tab=sent; none for the first tab) so Back from a profile returns to it. */
export function useLikesTab() {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const selectTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'received') next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, value);
    setParams(next, { replace: true });
  };
  return { tab, selectTab };
}
