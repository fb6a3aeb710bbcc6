import { AutoComplete, Input } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import type { Suggestion } from '../../lib/api-types';
import { useAppSelector } from '../../state/hooks';
import { selectSite } from '../../state/session-slice';
import { useProductSuggestQuery } from './catalog-api';
import { publicScope, useScope } from './catalog-scope';
import { KEYWORD_MAX, listHref, productFiltersFromSearch, SEARCH_PATH } from './list-filters';

/** How long typing pauses before suggestions are asked for. */
const SUGGEST_AFTER_MS = 200;

export interface SuggestionOption {
  value: string;
  label: ReactNode;
}

/** The keyword as the search box sends it: trimmed and at most KEYWORD_MAX characters. */
export function searchKeyword(typed: string): string {
  return Array.from(typed.trim()).slice(0, KEYWORD_MAX).join('').trim();
}

/** One option per suggested text (a name suggested as two kinds is offered once), labelled by kind. */
export function suggestionOptions(list: readonly Suggestion[], kindLabel: (kind: Suggestion['kind']) => string): SuggestionOption[] {
  const seen = new Set<string>();
  return list
    .filter((s) => (seen.has(s.text) ? false : (seen.add(s.text), true)))
    .map((s) => ({
      value: s.text,
      label: (
        <span className={`search-suggestion search-suggestion-${s.kind}`}>
          <span className="search-suggestion-text">{s.text}</span>
          <span className="search-suggestion-kind">{kindLabel(s.kind)}</span>
        </span>
      ),
    }));
}

/** The layout's product search: suggestions as the seller types, results on `/search?q=…`. */
export function SearchBox() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const site = useAppSelector(selectSite);
  const scope = useScope();
  const searched = location.pathname === SEARCH_PATH ? productFiltersFromSearch(location.search).keyword : '';

  // What is typed follows the address when a search is made (back, links).
  const [shown, setShown] = useState(searched);
  const [text, setText] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    setText(searched);
  }
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTyped(searchKeyword(text)), SUGGEST_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data } = useProductSuggestQuery({ scope: publicScope(scope), keyword: typed }, { skip: !typed });
  const options = useMemo(
    () => (typed ? suggestionOptions(data?.list ?? [], (kind) => intl.formatMessage({ id: `search.kind.${kind}` })) : []),
    [data, typed, intl],
  );

  const search = (value: string) => {
    const keyword = searchKeyword(value);
    if (!keyword) return;
    setText(keyword);
    void navigate(listHref(SEARCH_PATH, { keyword }, site));
  };

  return (
    <AutoComplete className="site-search" options={options} value={text} onChange={setText} onSelect={search} popupMatchSelectWidth={360}>
      <Input.Search
        className="site-search-input"
        maxLength={KEYWORD_MAX}
        placeholder={intl.formatMessage({ id: 'search.placeholder' })}
        aria-label={intl.formatMessage({ id: 'search.placeholder' })}
        enterButton={intl.formatMessage({ id: 'common.search' })}
        onSearch={search}
      />
    </AutoComplete>
  );
}
