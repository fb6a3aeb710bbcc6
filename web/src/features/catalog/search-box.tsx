import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import type { Suggestion } from './types';
import { useAppSelector } from '../../state/hooks';
import { selectSite } from '../../state/session-slice';
import { useProductSuggestQuery } from './catalog-api';
import { publicScope, useScope } from './catalog-scope';
import { cleanKeyword, KEYWORD_MAX, listHref, productFiltersFromSearch, SEARCH_PATH } from './list-filters';

/** How long typing pauses before suggestions are asked for. */
const SUGGEST_AFTER_MS = 200;

export interface SuggestionOption {
  value: string;
  kind: Suggestion['kind'];
  /** The kind, in the reader's language. */
  label: string;
}

/** The keyword as the search box sends it: no control characters, trimmed, at most KEYWORD_MAX characters. */
export const searchKeyword = cleanKeyword;

/** One option per suggested text (a name suggested as two kinds is offered once, as the first), labelled by kind. */
export function suggestionOptions(list: readonly Suggestion[], kindLabel: (kind: Suggestion['kind']) => string): SuggestionOption[] {
  const seen = new Set<string>();
  const options: SuggestionOption[] = [];
  for (const s of list) {
    if (!s.text || seen.has(s.text)) continue;
    seen.add(s.text);
    options.push({ value: s.text, kind: s.kind, label: kindLabel(s.kind) });
  }
  return options;
}

/**
 * The option an arrow key moves to among `count` options; -1 is none (back to what was typed).
 * Down from the last and up from none wrap round through none.
 */
export function movedActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active >= count - 1 ? -1 : active + 1;
  return active <= -1 ? count - 1 : active - 1;
}

/**
 * The layout's product search: suggestions as the seller types, results on `/search?q=…`. Plain
 * elements (a combobox input and a listbox), not the component library's AutoComplete: it is on
 * every first screen (see README, "The first screen is kept small").
 */
export function SearchBox() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const site = useAppSelector(selectSite);
  const scope = useScope();
  const listId = useId();
  const searched = location.pathname === SEARCH_PATH ? productFiltersFromSearch(location.search).keyword : '';

  // What is typed follows the address when a search is made (back, links).
  const [shown, setShown] = useState(searched);
  const [text, setText] = useState(searched);
  const [open, setOpen] = useState(false);
  if (shown !== searched) {
    setShown(searched);
    setText(searched);
    setOpen(false);
  }
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTyped(searchKeyword(text)), SUGGEST_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data } = useProductSuggestQuery({ scope: publicScope(scope), keyword: typed }, { skip: !typed || !open });
  const options = useMemo(
    () => (typed ? suggestionOptions(data?.list ?? [], (kind) => intl.formatMessage({ id: `search.kind.${kind}` })) : []),
    [data, typed, intl],
  );
  // The option the arrow keys chose, while the text and the suggestions stay as they were. The
  // pointer only highlights (CSS): a list that opens under a resting pointer must not turn Enter
  // into a choice of the suggestion beneath it.
  const [active, setActive] = useState<{ at: number; text: string; options: SuggestionOption[] }>({ at: -1, text: '', options: [] });
  const at = active.text === text && active.options === options ? active.at : -1;
  const listed = open && options.length > 0;

  const search = (value: string) => {
    const keyword = searchKeyword(value);
    setOpen(false);
    if (!keyword) return;
    setText(keyword);
    void navigate(listHref(SEARCH_PATH, { keyword }, site));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return; // an input method's Enter picks its characters
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!listed) {
        setOpen(true);
        return;
      }
      setActive({ at: movedActive(at, options.length, event.key), text, options });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      search(listed && at >= 0 ? options[at].value : text);
    } else if (event.key === 'Escape' && listed) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const label = intl.formatMessage({ id: 'search.placeholder' });
  return (
    <form
      className="site-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        search(text);
      }}
    >
      <input
        className="site-search-input"
        type="search"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listId}
        aria-activedescendant={listed && at >= 0 ? `${listId}-${at}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={KEYWORD_MAX}
        placeholder={label}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="site-search-button">
        {intl.formatMessage({ id: 'common.search' })}
      </button>
      <ul className="site-search-suggestions" id={listId} role="listbox" aria-label={label} hidden={!listed}>
        {listed
          ? options.map((option, i) => (
              <li
                key={option.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === at}
                className={`search-suggestion search-suggestion-${option.kind}${i === at ? ' is-active' : ''}`}
                // Keeps the focus in the input, so its blur does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => search(option.value)}
              >
                {/* a stall's name is its own, in any language */}
                <span className="search-suggestion-text" translate={option.kind === 'stall' ? 'no' : undefined}>
                  {option.value}
                </span>
                <span className="search-suggestion-kind">{option.label}</span>
              </li>
            ))
          : null}
      </ul>
    </form>
  );
}
