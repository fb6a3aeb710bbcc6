import { consoleApi, type ConsoleList, type PageArgs } from './console-api';

/**
 * The markets and stalls of the catalogue (docs/api.md "Catalogue"), read by the catalogue's
 * screens and the warehouse's (a wave's market and stall filters); the catalogue's slice saves them
 * and invalidates the same tags.
 */

export interface Market {
  id: string;
  area_site_id: string;
  name_zh: string;
  name_en: string;
  sort: number;
  stall_count: number;
}

export interface Stall {
  id: string;
  market_id: string;
  market_name_zh: string;
  name: string;
  floor: string;
  number: string;
  contact: string;
  wechat: string;
  category_id: string;
  product_count: number;
  /** A closed stall leaves the storefront's stall lists and its products the shelf. */
  status?: StallStatus;
}

export const STALL_STATUSES = ['open', 'closed'] as const;
export type StallStatus = (typeof STALL_STATUSES)[number];

const C = '/jpmall/admin/catalog';

/** Leaves out empty filters. */
const given = (args: Record<string, unknown>) => Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== null && value !== ''));

const consoleDirectoryApi = consoleApi.enhanceEndpoints({ addTagTypes: ['Market', 'Stall'] }).injectEndpoints({
  endpoints: (build) => ({
    markets: build.query<Market[], { token: string }>({
      query: () => `${C}/markets`,
      providesTags: ['Market'],
    }),
    stalls: build.query<ConsoleList<Stall>, PageArgs & { token: string; market_id?: string }>({
      query: ({ token: _token, ...args }) => ({ url: `${C}/stalls`, params: given({ ...args }) }),
      providesTags: ['Stall'],
    }),
  }),
});

export const { useMarketsQuery, useStallsQuery } = consoleDirectoryApi;
