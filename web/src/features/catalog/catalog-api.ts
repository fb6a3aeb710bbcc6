import { api } from '../../api/api';
import type { Category, FavoriteProduct, FollowedStall, HomeFeed, SameStyleProduct, Suggestion } from './types';
import type { Id, Page, ProductCard, ProductDetail, Stall } from '../../lib/api-types';
import type { Scope } from './catalog-scope';
import type { ProductListBody, StallListBody } from './list-filters';

type Scoped<T> = T & { scope: Scope };

const P = '/jpmall/addons/unishop';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/** Tags of the products shown in a list: a favourite change asks those lists again. */
const productTags = (list: readonly { id: Id }[] | undefined) => (list ?? []).map((p) => ({ type: 'Product' as const, id: p.id }));
const stallTags = (list: readonly { id: Id }[] | undefined) => (list ?? []).map((s) => ({ type: 'Stall' as const, id: s.id }));

/** A product detail also answers to its stall id (prefixed), so a follow can patch it in place. */
const stallOfDetail = (stallId: Id) => `stall:${stallId}`;

/**
 * Catalogue calls (docs/api.md "Catalog"). Favourite and follow changes patch the product screens
 * in place (asking again would count another view) and invalidate the lists and counts that show
 * the product or stall.
 */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    home: build.query<HomeFeed, Scoped<object>>({
      query: () => post('/home/index'),
      providesTags: (feed) => [...productTags(feed?.hot), ...productTags(feed?.new), ...productTags(feed?.sea)],
    }),
    categoryTree: build.query<Category[], { language: Scope['language'] }>({
      query: () => post('/category/tree'),
    }),
    productList: build.query<Page<ProductCard>, Scoped<ProductListBody>>({
      query: ({ scope: _scope, ...body }) => post('/product/lists', body),
      providesTags: (page) => productTags(page?.list),
    }),
    /** Names and titles to suggest as a seller types a keyword (docs/api.md "product/suggest"). */
    productSuggest: build.query<{ list: Suggestion[] }, Scoped<{ keyword: string }>>({
      query: ({ keyword }) => post('/product/suggest', { keyword }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 60,
    }),
    productDetail: build.query<ProductDetail, Scoped<{ id: Id }>>({
      query: ({ id }) => post('/product/detail', { id }),
      extraOptions: { silent: true },
      providesTags: (product, _error, { id }) => [
        { type: 'ProductDetail', id },
        ...(product ? [{ type: 'ProductDetail' as const, id: stallOfDetail(product.stall.id) }] : []),
      ],
    }),
    favorite: build.mutation<{ favorited: boolean; favorite_count: number }, { id: Id; favorited: boolean }>({
      query: ({ id, favorited }) => post(favorited ? '/product/favorite' : '/product/unfavorite', { id }),
      invalidatesTags: (result, _error, { id }) => (result ? ['Favorite', { type: 'Product', id }] : []),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        for (const entry of catalogApi.util.selectInvalidatedBy(getState(), [{ type: 'ProductDetail', id }])) {
          if (entry.endpointName !== 'productDetail') continue;
          dispatch(
            catalogApi.util.updateQueryData('productDetail', entry.originalArgs as Scoped<{ id: Id }>, (draft) => {
              draft.favorited = data.favorited;
              draft.favorite_count = data.favorite_count;
            }),
          );
        }
      },
    }),
    favorites: build.query<Page<FavoriteProduct>, Scoped<{ page: number; pagesize: number }>>({
      query: ({ page, pagesize }) => post('/product/favorites', { page, pagesize }),
      providesTags: (page) => ['Favorite', ...productTags(page?.list)],
    }),
    stallList: build.query<Page<Stall>, Scoped<StallListBody>>({
      query: ({ scope: _scope, ...body }) => post('/shop/lists', body),
      providesTags: (page) => stallTags(page?.list),
    }),
    stallDetail: build.query<Stall, Scoped<{ id: Id }>>({
      query: ({ id }) => post('/shop/detail', { id }),
      extraOptions: { silent: true },
      providesTags: (_stall, _error, { id }) => [{ type: 'Stall', id }],
    }),
    follow: build.mutation<{ followed: boolean; follow_count: number }, { id: Id; followed: boolean }>({
      query: ({ id, followed }) => post(followed ? '/shop/follow' : '/shop/unfollow', { id }),
      invalidatesTags: (result, _error, { id }) => (result ? ['Follow', { type: 'Stall', id }] : []),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        const tag = { type: 'ProductDetail' as const, id: stallOfDetail(id) };
        for (const entry of catalogApi.util.selectInvalidatedBy(getState(), [tag])) {
          if (entry.endpointName !== 'productDetail') continue;
          dispatch(
            catalogApi.util.updateQueryData('productDetail', entry.originalArgs as Scoped<{ id: Id }>, (draft) => {
              draft.stall.followed = data.followed;
              draft.stall.follow_count = data.follow_count;
            }),
          );
        }
      },
    }),
    /** Followed stalls (GET shop/shop_like). */
    followedStalls: build.query<Page<FollowedStall>, Scoped<{ page: number; pagesize: number }>>({
      query: ({ page, pagesize }) => ({ url: `${P}/shop/shop_like`, params: { page, pagesize } }),
      providesTags: (page) => ['Follow', ...stallTags(page?.list)],
    }),
    sameStyle: build.query<{ list: SameStyleProduct[] }, Scoped<{ id: Id }>>({
      query: ({ id }) => post('/product/same_style', { id }),
      providesTags: (result) => productTags(result?.list),
    }),
    /** Look-alikes of an uploaded picture (multipart `file`, scaled in the browser first). */
    sameStyleImage: build.mutation<{ list: SameStyleProduct[] }, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: `${P}/product/same_style_image`, method: 'POST', body };
      },
    }),
  }),
});

export const {
  useHomeQuery,
  useCategoryTreeQuery,
  useProductListQuery,
  useProductSuggestQuery,
  useProductDetailQuery,
  useFavoriteMutation,
  useFavoritesQuery,
  useStallListQuery,
  useStallDetailQuery,
  useFollowMutation,
  useFollowedStallsQuery,
  useSameStyleQuery,
  useSameStyleImageMutation,
} = catalogApi;
