import { describe, expect, it } from 'vitest';
import { listHref, productFiltersFromSearch, productListBody, SEARCH_PATH } from './list-filters';
import { searchKeyword, suggestionOptions } from './search-box';

describe('the search box', () => {
  it('sends what was typed trimmed and cut to 50 characters', () => {
    expect(searchKeyword('  卫衣  ')).toBe('卫衣');
    expect(searchKeyword('   ')).toBe('');
    expect(Array.from(searchKeyword('长'.repeat(60)))).toHaveLength(50);
    expect(searchKeyword('𠮷'.repeat(60))).toBe('𠮷'.repeat(50));
  });

  it('offers each suggested text once, labelled by its kind', () => {
    const options = suggestionOptions(
      [
        { text: '卫衣', kind: 'category' },
        { text: '卫衣', kind: 'title' },
        { text: '黑色', kind: 'colour' },
      ],
      (kind) => `<${kind}>`,
    );
    expect(options.map((o) => o.value)).toEqual(['卫衣', '黑色']);
  });

  it('searches every product by keyword, best match first unless another sort is chosen', () => {
    const href = listHref(SEARCH_PATH, { keyword: ' wy-23 ' }, 'jp');
    expect(href.startsWith('/search?q=wy-23')).toBe(true);
    const filters = productFiltersFromSearch('?q=卫衣&sort=relevance');
    expect(filters.sort).toBe('relevance');
    expect(productListBody(null, { ...filters, sort: '' })).toEqual({ keyword: '卫衣', page: 1, pagesize: 20 });
    expect(productListBody(null, { ...filters, sort: 'price_asc' }).sort).toBe('price_asc');
  });
});
