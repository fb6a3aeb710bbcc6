import { useAllStallsQuery, useCategoriesQuery, useMarketsQuery } from './catalogue-api';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { categoryPath, categoryTree, nameIn, stallLabel } from './names';

export interface Choice {
  value: string;
  label: string;
}

/** Every category: top-level ones by name, children as 'Parent › Child' (a stall's main category, a filter). */
export function useCategoryChoices(): Choice[] {
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { data } = useCategoriesQuery({ token });
  return (data ?? []).map((c) => ({ value: c.id, label: categoryPath(language, data, c.id) }));
}

/** The child categories under their top-level one (a product sits in a child category). */
export function useChildCategoryGroups(): { label: string; title: string; options: Choice[] }[] {
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { data } = useCategoriesQuery({ token });
  return categoryTree(data ?? [])
    .filter(({ children }) => children.length > 0)
    .map(({ parent, children }) => ({
      label: nameIn(language, parent),
      title: nameIn(language, parent),
      options: children.map((c) => ({ value: c.id, label: nameIn(language, c) })),
    }));
}

/** Every stall the staff member may see (a stall account: its own) as 'Market · Stall'. */
export function useStallChoices(): { choices: Choice[]; loading: boolean } {
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const stalls = useAllStallsQuery({ token });
  const markets = useMarketsQuery({ token });
  return { choices: (stalls.data ?? []).map((s) => ({ value: s.id, label: stallLabel(language, markets.data, s) })), loading: stalls.isLoading };
}
