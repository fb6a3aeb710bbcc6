import type { ApiError } from '../../api/base-query';
import { consoleApi, type ConsoleList, type PageArgs } from '../../api/console-api';
import type { Stall, StallStatus } from '../../api/console-directory-api';

// the markets and stalls the warehouse reads too
export { STALL_STATUSES, useMarketsQuery, useStallsQuery, type Market, type Stall } from '../../api/console-directory-api';

/**
 * The catalogue's staff calls (docs/api.md "Catalogue [catalogue.read / catalogue.write /
 * stock.write]"): markets, two-level categories, stalls, the product table, one product with its
 * SKUs, saving a product from uploaded pictures, shelving in batches, stock changes and their log.
 * A stall account's answers hold only its own stalls and their products (the server scopes them).
 */

export interface AreaSite {
  id: string;
  name_zh: string;
  name_en: string;
}

export interface MarketBody {
  id?: string;
  area_site_id: string;
  name_zh: string;
  name_en: string;
  sort: number;
}

/** Parents come before their children; a child's parent is top-level. */
export interface Category {
  id: string;
  parent_id: string | null;
  name_zh: string;
  name_en: string;
  sort: number;
  product_count: number;
}

export interface CategoryBody {
  id?: string;
  parent_id?: string;
  name_zh: string;
  name_en: string;
  sort: number;
}

export interface StallBody {
  id?: string;
  market_id: string;
  name: string;
  floor: string;
  number: string;
  contact: string;
  wechat: string;
  category_id: string;
  /** Left out: kept (a new stall opens). Not a stall account's to change. */
  status?: StallStatus;
}

export interface StaffProduct {
  id: string;
  item_no: string;
  title_zh: string;
  title_en: string;
  stall_id: string;
  stall_name: string;
  category_id: string;
  /** Yuan, two decimals. */
  price: string;
  stock_total: number;
  sku_count: number;
  on_shelf: boolean;
  shelf_at: number;
  is_hot: boolean;
  is_sea: boolean;
  image: string;
}

export interface StaffSku {
  id: string;
  /** The colour's Chinese name. */
  color: string;
  size: string;
  price: string;
  stock: number;
}

export interface ProductColour {
  name_zh: string;
  name_en: string;
  /** An uploaded picture's URL; the first main picture is shown when there is none. */
  picture?: string | null;
}

/**
 * One product with its SKUs. The colours, sizes and pictures as saved are read when the answer
 * carries them (docs/api.md does not list them yet); without them an edit starts from the SKUs.
 */
export interface StaffProductDetail extends StaffProduct {
  skus: StaffSku[];
  colours?: ProductColour[];
  sizes?: string[];
  main_pictures?: string[];
  detail_pictures?: string[];
}

export interface SaveProductBody {
  id?: string;
  item_no: string;
  title_zh: string;
  title_en: string;
  category_id: string;
  stall_id: string;
  price: string;
  colours: ProductColour[];
  sizes: string[];
  /** Stock is taken for SKUs that do not exist yet; a SKU without a price takes the product's. */
  skus: { color: string; size: string; price?: string; stock: number }[];
  main_pictures: string[];
  detail_pictures: string[];
  is_hot: boolean;
  is_sea: boolean;
}

export interface ProductFilter {
  keyword?: string;
  stall_id?: string;
  category_id?: string;
  shelf?: 'on' | 'off';
}

export interface StockChangeRow {
  id: number;
  at: number;
  sku_id: string;
  color: string;
  size: string;
  actor_kind: 'staff' | 'operator';
  actor_id: string | null;
  actor_name: string | null;
  before: number;
  after: number;
  reason: string;
}

export interface StockChanged {
  sku_id: string;
  before: number;
  after: number;
}

export interface UploadedPicture {
  url: string;
  width: number;
  height: number;
}

const C = '/jpmall/admin/catalog';

/** Leaves out empty filters. */
const given = (args: Record<string, unknown>) => Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== null && value !== ''));

/** The most a stall page holds; the whole list is asked page by page. */
const STALLS_PER_PAGE = 100;

export const consoleCatalogueApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Market', 'Category', 'Stall', 'Product', 'StockChange'] }).injectEndpoints({
  endpoints: (build) => ({
    areaSites: build.query<AreaSite[], { token: string }>({
      query: () => `${C}/area_sites`,
    }),
    saveMarket: build.mutation<{ id: string }, MarketBody>({
      query: (body) => ({ url: `${C}/markets/save`, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Market', 'Audit'],
    }),
    categories: build.query<Category[], { token: string }>({
      query: () => `${C}/categories`,
      providesTags: ['Category'],
    }),
    saveCategory: build.mutation<{ id: string }, CategoryBody>({
      query: (body) => ({ url: `${C}/categories/save`, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Category', 'Audit'],
    }),
    /** Every stall the caller may see (a stall account: its own), for pickers and names. */
    allStalls: build.query<Stall[], { token: string }>({
      async queryFn(_args, _api, _extra, baseQuery) {
        const stalls: Stall[] = [];
        for (let page = 1; ; page += 1) {
          const answer = await baseQuery({ url: `${C}/stalls`, params: { page, pagesize: STALLS_PER_PAGE } });
          if (answer.error) return { error: answer.error as ApiError };
          const { list, total } = answer.data as ConsoleList<Stall>;
          stalls.push(...list);
          if (list.length === 0 || stalls.length >= total) return { data: stalls };
        }
      },
      providesTags: ['Stall'],
    }),
    saveStall: build.mutation<{ id: string }, StallBody>({
      query: (body) => ({ url: `${C}/stalls/save`, method: 'POST', body }),
      extraOptions: { silent: true },
      // a market's stall count follows, and closing a stall takes its products off the shelf
      invalidatesTags: ['Stall', 'Market', 'Product', 'Audit'],
    }),
    products: build.query<ConsoleList<StaffProduct>, ProductFilter & PageArgs & { token: string }>({
      query: ({ token: _token, ...args }) => ({ url: `${C}/products`, params: given({ ...args }) }),
      providesTags: ['Product'],
    }),
    product: build.query<StaffProductDetail, { token: string; id: string }>({
      query: ({ id }) => ({ url: `${C}/product`, params: { id } }),
      providesTags: (_answer, _error, { id }) => [{ type: 'Product', id }],
    }),
    saveProduct: build.mutation<StaffProductDetail, SaveProductBody>({
      query: (body) => ({ url: `${C}/products/save`, method: 'POST', body }),
      extraOptions: { silent: true },
      // counts of stalls and categories follow
      invalidatesTags: ['Product', 'Stall', 'Category', 'Audit'],
    }),
    shelveProducts: build.mutation<{ changed: number }, { ids: string[]; on_shelf: boolean }>({
      query: (body) => ({ url: `${C}/products/shelf`, method: 'POST', body }),
      invalidatesTags: ['Product', 'Audit'],
    }),
    changeStock: build.mutation<StockChanged, { sku_id: string; delta: number; reason: string }>({
      query: (body) => ({ url: `${C}/stock/change`, method: 'POST', body }),
      extraOptions: { silent: true },
      invalidatesTags: ['Product', 'StockChange', 'Audit'],
    }),
    stockChanges: build.query<ConsoleList<StockChangeRow>, PageArgs & { token: string; product_id: string }>({
      query: ({ token: _token, ...args }) => ({ url: `${C}/stock/changes`, params: args }),
      providesTags: ['StockChange'],
    }),
    /** Multipart `file`: stored as JPEG of at most 1,600 px a side under /uploads/catalog/. */
    uploadPicture: build.mutation<UploadedPicture, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `${C}/pictures/upload`, method: 'POST', body };
      },
      extraOptions: { silent: true },
    }),
  }),
});

export const {
  useAreaSitesQuery,
  useSaveMarketMutation,
  useCategoriesQuery,
  useSaveCategoryMutation,
  useAllStallsQuery,
  useSaveStallMutation,
  useProductsQuery,
  useProductQuery,
  useSaveProductMutation,
  useShelveProductsMutation,
  useChangeStockMutation,
  useStockChangesQuery,
  useUploadPictureMutation,
} = consoleCatalogueApi;
