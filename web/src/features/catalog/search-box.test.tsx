import { describe, expect, it } from 'vitest';
import { cleanKeyword, listHref, productFiltersFromSearch, productListBody, productSorts, SEARCH_PATH, stallListBody } from './list-filters';
import { movedActive, searchKeyword, suggestionOptions } from './search-box';

describe('the search box', () => {
  it('sends what was typed trimmed, without control characters and cut to 50 characters', () => {
    expect(searchKeyword('  卫衣  ')).toBe('卫衣');
    expect(searchKeyword('   ')).toBe('');
    expect(searchKeyword('卫衣\t黑色\u0007')).toBe('卫衣 黑色');
    expect(searchKeyword('\u0000\u001f\u007f')).toBe('');
    expect(Array.from(searchKeyword('长'.repeat(60)))).toHaveLength(50);
    expect(searchKeyword('𠮷'.repeat(60))).toBe('𠮷'.repeat(50));
    expect(searchKeyword(`${'长'.repeat(49)}  卫衣`)).toBe('长'.repeat(49));
  });

  it('offers each suggested text once, as its first kind, labelled in the reader’s language', () => {
    const options = suggestionOptions(
      [
        { text: '卫衣', kind: 'category' },
        { text: '卫衣', kind: 'title' },
        { text: '', kind: 'stall' },
        { text: '黑色', kind: 'colour' },
        { text: '韩版卫衣女', kind: 'title' },
      ],
      (kind) => `<${kind}>`,
    );
    expect(options).toEqual([
      { value: '卫衣', kind: 'category', label: '<category>' },
      { value: '黑色', kind: 'colour', label: '<colour>' },
      { value: '韩版卫衣女', kind: 'title', label: '<title>' },
    ]);
    expect(suggestionOptions([], String)).toEqual([]);
  });

  it('moves through the suggestions with the arrow keys, round through what was typed', () => {
    expect(movedActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(movedActive(0, 3, 'ArrowDown')).toBe(1);
    expect(movedActive(2, 3, 'ArrowDown')).toBe(-1);
    expect(movedActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(movedActive(0, 3, 'ArrowUp')).toBe(-1);
    expect(movedActive(-1, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('the search results’ address', () => {
  it('holds the keyword and the site, and reads back as the same filters', () => {
    const href = listHref(SEARCH_PATH, { keyword: ' wy-23 ' }, 'jp');
    expect(href.startsWith('/search?q=wy-23')).toBe(true);
    expect(href).toContain('site=jp');
    const back = productFiltersFromSearch(new URL(href, 'http://x').search);
    expect(back).toMatchObject({ keyword: 'wy-23', sort: '', page: 1, category: '' });
    const full = listHref(SEARCH_PATH, { keyword: '卫衣', category: 'c1', priceMin: '10.00', sort: 'price_asc', page: 3, pagesize: 40 }, '');
    expect(productFiltersFromSearch(new URL(full, 'http://x').search)).toEqual({
      category: 'c1',
      priceMin: '10.00',
      priceMax: '',
      keyword: '卫衣',
      sort: 'price_asc',
      page: 3,
      pagesize: 40,
    });
  });

  it('asks for every product on the shelf by keyword, best match first unless another sort is chosen', () => {
    const filters = productFiltersFromSearch('?q=卫衣&sort=relevance');
    expect(filters.sort).toBe('relevance');
    expect(productListBody(null, { ...filters, sort: '' })).toEqual({ keyword: '卫衣', page: 1, pagesize: 20 });
    expect(productListBody(null, filters).sort).toBe('relevance');
    expect(productListBody(null, { ...filters, sort: 'price_asc' }).sort).toBe('price_asc');
    expect(productFiltersFromSearch('?q=卫衣&sort=bogus').sort).toBe('');
  });

  it('offers best match only with a keyword, and as the default there', () => {
    expect(productSorts(null, '卫衣')).toEqual({ sorts: ['relevance', 'newest', 'popularity', 'sales', 'price_asc', 'price_desc'], fallback: 'relevance' });
    expect(productSorts(null, '  ')).toEqual({ sorts: ['newest', 'popularity', 'sales', 'price_asc', 'price_desc'], fallback: 'newest' });
    expect(productSorts('hot', '卫衣')).toEqual({ sorts: ['newest', 'popularity', 'sales', 'price_asc', 'price_desc'], fallback: 'popularity' });
  });

  it('never sends a control character or more than 50 characters from the address', () => {
    expect(productFiltersFromSearch('?q=%E5%8D%AB%09%E8%A1%A3%07').keyword).toBe('卫 衣');
    expect(productFiltersFromSearch(`?q=${encodeURIComponent('𠮷'.repeat(60))}`).keyword).toBe('𠮷'.repeat(50));
    expect(productListBody(null, { ...productFiltersFromSearch(''), keyword: '\u0007' })).toEqual({ page: 1, pagesize: 20 });
    expect(stallListBody({ keyword: ' 档口\n', sort: '', page: 1, pagesize: 20 })).toEqual({ keyword: '档口', page: 1, pagesize: 20 });
    expect(cleanKeyword('A\u0085B')).toBe('A B');
  });
});
