import { describe, expect, it } from 'vitest';
import type { ProductDetail, Sku } from '../../lib/api-types';
import { badgeText } from '../../lib/badge';
import {
  categoryPath,
  listHref,
  parsePrice,
  priceRange,
  productFiltersFromSearch,
  productListBody,
  stallFiltersFromSearch,
  stallListBody,
} from './list-filters';
import { cartLineOf, choicePrice, chooseColor, findSku, initialChoice, priceSpan, sizeAvailable, stockOf } from './sku';

describe('price parsing', () => {
  it('turns what people type into yuan strings with two decimals', () => {
    expect(parsePrice('10')).toBe('10.00');
    expect(parsePrice(' 9.5 ')).toBe('9.50');
    expect(parsePrice('.5')).toBe('0.50');
    expect(parsePrice('12.')).toBe('12.00');
    expect(parsePrice('9.999')).toBe('10.00');
    expect(parsePrice('1.005')).toBe('1.01');
    expect(parsePrice('¥39')).toBe('39.00');
    expect(parsePrice('１２．５')).toBe('12.50');
    expect(parsePrice(0)).toBe('0.00');
    expect(parsePrice(25)).toBe('25.00');
  });

  it('refuses empty, negative, exponent and unreadable input', () => {
    for (const bad of ['', '  ', '-1', 'abc', '1e3', '1,000', '10..2', 'NaN', 'Infinity', '99999999999', null, undefined]) {
      expect(parsePrice(bad), String(bad)).toBeNull();
    }
  });

  it('a reversed range is turned round; a bad end is dropped', () => {
    expect(priceRange('99', '10')).toEqual({ min: '10.00', max: '99.00' });
    expect(priceRange('10', '')).toEqual({ min: '10.00', max: '' });
    expect(priceRange('x', '20')).toEqual({ min: '', max: '20.00' });
  });
});

describe('list filters and the request body', () => {
  it('an address without filters asks for the first page of 20 in the scene order', () => {
    const filters = productFiltersFromSearch('?site=');
    expect(filters).toEqual({ category: '', priceMin: '', priceMax: '', keyword: '', sort: '', page: 1, pagesize: 20 });
    expect(productListBody('new', filters)).toEqual({ scene: 'new', sort: 'newest', page: 1, pagesize: 20 });
    expect(productListBody('hot', filters)).toEqual({ scene: 'hot', sort: 'popularity', page: 1, pagesize: 20 });
    expect(productListBody('sea', filters)).toEqual({ scene: 'sea', sort: 'popularity', page: 1, pagesize: 20 });
  });

  it('every filter goes into the body, normalised', () => {
    const filters = productFiltersFromSearch('?site=s&category=c12&min=99&max=10&q=%20连衣裙%20&sort=price_asc&page=3&size=40');
    expect(productListBody('hot', filters)).toEqual({
      scene: 'hot',
      category_id: 'c12',
      price_min: '10.00',
      price_max: '99.00',
      keyword: '连衣裙',
      sort: 'price_asc',
      page: 3,
      pagesize: 40,
    });
  });

  it('bad page, size and sort values fall back to the defaults', () => {
    for (const query of ['?page=0&size=0&sort=cheapest', '?page=-2&size=1000', '?page=1.5&size=abc', '?page=&size=']) {
      const f = productFiltersFromSearch(query);
      expect([f.page, f.pagesize, f.sort], query).toEqual([1, 20, '']);
    }
    expect(productFiltersFromSearch('?size=100').pagesize).toBe(100);
    expect(productFiltersFromSearch(`?q=${'x'.repeat(80)}`).keyword).toHaveLength(50);
  });

  it("a stall's products: no scene, the stall id", () => {
    const filters = productFiltersFromSearch('?id=s1&sort=sales');
    expect(productListBody(null, filters, 's1')).toEqual({ stall_id: 's1', sort: 'sales', page: 1, pagesize: 20 });
    expect(productListBody(null, productFiltersFromSearch(''), 's1')).toEqual({ stall_id: 's1', page: 1, pagesize: 20 });
  });

  it('stall list filters', () => {
    expect(stallListBody(stallFiltersFromSearch('?sort=follows&q=女装&page=2'))).toEqual({ keyword: '女装', sort: 'follows', page: 2, pagesize: 20 });
    expect(stallListBody(stallFiltersFromSearch('?sort=price_asc'))).toEqual({ page: 1, pagesize: 20 });
  });

  it('the address keeps only what differs from the defaults, and the site', () => {
    expect(listHref('/recentBK', productFiltersFromSearch(''), 's1')).toBe('/recentBK?site=s1');
    const href = listHref('/recentnew', { category: 'c1', priceMin: '10.00', priceMax: '', keyword: '衬衫', sort: 'sales', page: 2, pagesize: 40 }, '');
    expect(href).toBe('/recentnew?category=c1&min=10.00&q=%E8%A1%AC%E8%A1%AB&sort=sales&page=2&size=40&site=');
    expect(productFiltersFromSearch(href.slice(href.indexOf('?')))).toEqual({
      category: 'c1',
      priceMin: '10.00',
      priceMax: '',
      keyword: '衬衫',
      sort: 'sales',
      page: 2,
      pagesize: 40,
    });
    expect(listHref('/wholesale', { page: 1 }, 's', { id: 'st1' })).toBe('/wholesale?id=st1&site=s');
  });

  it('the cascader path of a category', () => {
    const tree = [
      { id: 'a', children: [{ id: 'a1' }, { id: 'a2' }] },
      { id: 'b', children: [] },
    ];
    expect(categoryPath(tree, 'a2')).toEqual(['a', 'a2']);
    expect(categoryPath(tree, 'b')).toEqual(['b']);
    expect(categoryPath(tree, 'zz')).toEqual([]);
    expect(categoryPath(tree, '')).toEqual([]);
  });
});

describe('colour × size', () => {
  const sku = (color: string, size: string, price: string, stock: number): Sku => ({ id: `${color}-${size}`, color, size, price, stock });
  const product: Pick<ProductDetail, 'skus' | 'colors' | 'sizes' | 'price'> = {
    price: '39.00',
    colors: [
      { name: '黑色', image: '/c1.jpg' },
      { name: '白色', image: '/c2.jpg' },
    ],
    sizes: ['S', 'M', 'L'],
    skus: [
      sku('黑色', 'S', '39.00', 0),
      sku('黑色', 'M', '39.00', 0),
      sku('黑色', 'L', '42.00', 0),
      sku('白色', 'S', '39.00', 0),
      sku('白色', 'M', '39.00', 12),
      sku('白色', 'L', '42.00', 3),
    ],
  };

  it('starts on the first colour and size that have stock', () => {
    expect(initialChoice(product)).toEqual({ color: '白色', size: 'M' });
    const none = { ...product, skus: product.skus.map((s) => ({ ...s, stock: 0 })) };
    expect(initialChoice(none)).toEqual({ color: '黑色', size: 'S' });
    expect(initialChoice({ ...product, colors: [], sizes: [], skus: [] })).toEqual({ color: '', size: '' });
  });

  it('the chosen SKU gives price and stock; a partial choice gives the span and the sum', () => {
    expect(findSku(product.skus, { color: '白色', size: 'L' })?.price).toBe('42.00');
    expect(choicePrice(product, { color: '白色', size: 'L' })).toBe('42.00');
    expect(choicePrice(product, { color: '白色', size: '' })).toBe('39.00 - 42.00');
    expect(choicePrice(product, { color: '', size: 'M' })).toBe('39.00');
    expect(stockOf(product.skus, { color: '白色', size: 'L' })).toBe(3);
    expect(stockOf(product.skus, { color: '白色', size: '' })).toBe(15);
    expect(stockOf(product.skus, { color: '黑色', size: '' })).toBe(0);
    expect(priceSpan([], '10.00')).toBe('10.00');
    expect(priceSpan([sku('a', 'b', '9.90', 1), sku('a', 'c', '10.5', 1)], '')).toBe('9.90 - 10.5');
  });

  it('changing colour keeps the size while it has stock', () => {
    expect(chooseColor(product, { color: '黑色', size: 'L' }, '白色')).toEqual({ color: '白色', size: 'L' });
    expect(chooseColor(product, { color: '黑色', size: 'S' }, '白色')).toEqual({ color: '白色', size: 'M' });
    expect(chooseColor(product, { color: '白色', size: 'M' }, '黑色')).toEqual({ color: '黑色', size: 'M' });
    expect(sizeAvailable(product.skus, '白色', 'S')).toBe(false);
    expect(sizeAvailable(product.skus, '', 'S')).toBe(false);
    expect(sizeAvailable(product.skus, '', 'L')).toBe(true);
  });

  it('add to cart sends the chosen SKU and a whole quantity within 1 and its stock', () => {
    expect(cartLineOf(product, { color: '白色', size: 'M' }, 2)).toEqual({ kind: 'ok', sku_id: '白色-M', quantity: 2 });
    expect(cartLineOf(product, { color: '白色', size: 'L' }, 9)).toEqual({ kind: 'ok', sku_id: '白色-L', quantity: 3 });
    expect(cartLineOf(product, { color: '白色', size: 'M' }, 0)).toEqual({ kind: 'ok', sku_id: '白色-M', quantity: 1 });
    expect(cartLineOf(product, { color: '白色', size: 'M' }, 2.6)).toEqual({ kind: 'ok', sku_id: '白色-M', quantity: 2 });
    expect(cartLineOf(product, { color: '白色', size: 'M' }, null)).toEqual({ kind: 'ok', sku_id: '白色-M', quantity: 1 });
    expect(cartLineOf(product, { color: '白色', size: '' }, 1)).toEqual({ kind: 'chooseSku' });
    expect(cartLineOf(product, { color: '', size: '' }, 1)).toEqual({ kind: 'chooseSku' });
    expect(cartLineOf(product, { color: '黑色', size: 'M' }, 1)).toEqual({ kind: 'soldOut' });
  });
});

describe('badge', () => {
  it('shows up to 99, then 99+, and nothing for none', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(undefined)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});
