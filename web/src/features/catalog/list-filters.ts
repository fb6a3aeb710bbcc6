/**
 * The list screens' filters live in the address (so back, reload and shared links keep them):
 * `category`, `min`, `max`, `q`, `sort`, `page`, `size`, next to `site`. These helpers turn the
 * address into filters, filters into the request body of docs/api.md, and back.
 */
import { withSite } from '../../lib/site-rule';

export type Scene = 'new' | 'hot' | 'sea';
export type ProductSort = 'newest' | 'popularity' | 'price_asc' | 'price_desc' | 'sales' | 'relevance';
export type StallSort = 'ranking' | 'follows' | 'newest';

export const PRODUCT_SORTS: readonly ProductSort[] = ['newest', 'popularity', 'sales', 'price_asc', 'price_desc'];
/** A keyword search adds the best match first, its default order. */
const SEARCH_SORTS: readonly ProductSort[] = ['relevance', ...PRODUCT_SORTS];

/** The search results of the layout's search box: every product on the shelf, by keyword. */
export const SEARCH_PATH = '/search';

/**
 * The sorts a product list offers and the one the server applies when none is asked for: a scene's
 * own; on the search results best match first when there is a keyword (without one `relevance` is
 * the newest first, so it is not offered).
 */
export function productSorts(scene: Scene | null, keyword: string): { sorts: readonly ProductSort[]; fallback: ProductSort } {
  if (scene) return { sorts: PRODUCT_SORTS, fallback: SCENE_DEFAULT_SORT[scene] };
  return cleanKeyword(keyword) ? { sorts: SEARCH_SORTS, fallback: 'relevance' } : { sorts: PRODUCT_SORTS, fallback: 'newest' };
}
export const STALL_SORTS: readonly StallSort[] = ['ranking', 'follows', 'newest'];

/** The route of each scene; the three share one list screen. */
export const SCENE_PATHS: Record<Scene, string> = { new: '/recentnew', hot: '/recentBK', sea: '/recentFl_asia' };

/** The order the server applies when none is asked for. */
const SCENE_DEFAULT_SORT: Record<Scene, ProductSort> = { new: 'newest', hot: 'popularity', sea: 'popularity' };

export const PAGE_SIZES = [20, 40, 60, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;
export const KEYWORD_MAX = 50;
/** Prices above this are not a price anyone means (and keep the number exact). */
const PRICE_MAX_CENTS = 100_000_000_00;

export interface ProductFilters {
  category: string;
  priceMin: string;
  priceMax: string;
  keyword: string;
  /** '' = the scene's default order. */
  sort: ProductSort | '';
  page: number;
  pagesize: number;
}

export interface StallFilters {
  keyword: string;
  sort: StallSort | '';
  page: number;
  pagesize: number;
}

/** Body of product/lists; absent fields are left out. */
export interface ProductListBody {
  scene?: Scene;
  category_id?: string;
  stall_id?: string;
  price_min?: string;
  price_max?: string;
  keyword?: string;
  sort?: ProductSort;
  page: number;
  pagesize: number;
}

export interface StallListBody {
  keyword?: string;
  sort?: StallSort;
  page: number;
  pagesize: number;
}

/** Full-width digits and point (typed with a Chinese input method) to ASCII. */
function toAscii(text: string): string {
  return text.replace(/[\uff10-\uff19\uff0e]/g, (c) => (c === '\uff0e' ? '.' : String(c.charCodeAt(0) - 0xff10)));
}

/**
 * A price typed by a person as the yuan string the API takes ("10" → "10.00", "9.999" → "10.00",
 * "１２．５" → "12.50"); null for empty, negative or unreadable input.
 */
export function parsePrice(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = toAscii(String(value)).trim().replace(/^¥|^￥|元$/g, '').trim();
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const cents = Math.round(Number((Number(text) * 100).toFixed(4)));
  if (!Number.isFinite(cents) || cents > PRICE_MAX_CENTS) return null;
  return (cents / 100).toFixed(2);
}

/** Both ends of a price range, normalised; a reversed range is turned round. */
export function priceRange(min: string | number | null | undefined, max: string | number | null | undefined): { min: string; max: string } {
  const low = parsePrice(min) ?? '';
  const high = parsePrice(max) ?? '';
  if (low && high && Number(low) > Number(high)) return { min: high, max: low };
  return { min: low, max: high };
}

function readPage(params: URLSearchParams): { page: number; pagesize: number } {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pagesize: Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE ? size : DEFAULT_PAGE_SIZE,
  };
}

/**
 * A keyword as the API takes it: control characters (refused by every call) read as spaces, trimmed,
 * at most KEYWORD_MAX characters (code points, as the server counts them).
 */
export function cleanKeyword(typed: string): string {
  const text = typed.replace(/\p{Cc}/gu, ' ').trim();
  return Array.from(text).slice(0, KEYWORD_MAX).join('').trim();
}

const keywordOf = (params: URLSearchParams) => cleanKeyword(params.get('q') ?? '');

export function productFiltersFromSearch(search: string | URLSearchParams): ProductFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('sort') as ProductSort | null;
  const range = priceRange(params.get('min'), params.get('max'));
  return {
    category: (params.get('category') ?? '').trim(),
    priceMin: range.min,
    priceMax: range.max,
    keyword: keywordOf(params),
    sort: sort && SEARCH_SORTS.includes(sort) ? sort : '',
    ...readPage(params),
  };
}

export function stallFiltersFromSearch(search: string | URLSearchParams): StallFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('sort') as StallSort | null;
  return { keyword: keywordOf(params), sort: sort && STALL_SORTS.includes(sort) ? sort : '', ...readPage(params) };
}

/**
 * The request body of product/lists for a scene (or a stall's products, or a keyword search, when
 * scene is null). With a keyword and no sort the server orders by relevance.
 */
export function productListBody(scene: Scene | null, filters: ProductFilters, stallId?: string): ProductListBody {
  const body: ProductListBody = { page: filters.page, pagesize: filters.pagesize };
  if (scene) body.scene = scene;
  if (stallId) body.stall_id = stallId;
  if (filters.category) body.category_id = filters.category;
  const range = priceRange(filters.priceMin, filters.priceMax);
  if (range.min) body.price_min = range.min;
  if (range.max) body.price_max = range.max;
  const keyword = cleanKeyword(filters.keyword);
  if (keyword) body.keyword = keyword;
  const sort = filters.sort || (scene ? SCENE_DEFAULT_SORT[scene] : '');
  if (sort) body.sort = sort;
  return body;
}

export function stallListBody(filters: StallFilters): StallListBody {
  const body: StallListBody = { page: filters.page, pagesize: filters.pagesize };
  const keyword = cleanKeyword(filters.keyword);
  if (keyword) body.keyword = keyword;
  if (filters.sort) body.sort = filters.sort;
  return body;
}

/** The address of a list with these filters: only what differs from the defaults, and the site. */
export function listHref(path: string, filters: Partial<ProductFilters> | Partial<StallFilters>, site: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if ('category' in filters && filters.category) params.set('category', filters.category);
  if ('priceMin' in filters && filters.priceMin) params.set('min', filters.priceMin);
  if ('priceMax' in filters && filters.priceMax) params.set('max', filters.priceMax);
  const keyword = cleanKeyword(filters.keyword ?? '');
  if (keyword) params.set('q', keyword);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  if (filters.pagesize && filters.pagesize !== DEFAULT_PAGE_SIZE) params.set('size', String(filters.pagesize));
  const query = params.toString();
  return withSite(query ? `${path}?${query}` : path, site);
}

/** The ids from the top of the category tree down to `id` (for a cascader); [] when not found. */
export function categoryPath(tree: readonly { id: string; children?: readonly { id: string; children?: unknown }[] }[], id: string): string[] {
  if (!id) return [];
  for (const node of tree) {
    if (node.id === id) return [node.id];
    for (const child of node.children ?? []) {
      if (child.id === id) return [node.id, child.id];
    }
  }
  return [];
}
