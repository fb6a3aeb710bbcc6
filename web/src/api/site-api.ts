import { areaSiteListLoaded } from '../state/session-slice';
import type { Language } from '../lib/languages';
import { api } from './api';
import type { AccountInfo, Agreement, AreaSite, SiteInfo } from '../lib/api-types';

/**
 * Calls the whole app shares: site info, area sites, the agreement and account info. Arguments
 * carry the language so a language switch fetches the texts again.
 */
export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    siteInfo: build.query<SiteInfo, { site: string; language: Language }>({
      query: ({ site }) => ({ url: '/jpmall/addons/unishop/index/site', method: 'POST', body: { site } }),
      providesTags: ['Site'],
    }),
    areaSites: build.query<AreaSite[], { language: Language }>({
      query: () => '/jpmall/addons/unishop/areaSite/getAreaSites',
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(areaSiteListLoaded(Array.isArray(data) ? data : []));
        } catch {
          // the toast has been shown; keep the stored list
        }
      },
    }),
    agreement: build.query<Agreement, { language: Language }>({
      query: () => '/jpmall/addons/unishop/index/agreement',
    }),
    accountInfo: build.query<AccountInfo, { token: string }>({
      query: () => '/jpmall/addons/unishop/user/user_message',
      providesTags: ['Account'],
    }),
  }),
});

export const { useAreaSitesQuery, useAgreementQuery, useAccountInfoQuery } = siteApi;
const { useSiteInfoQuery } = siteApi;

type SiteInfoArgs = { site: string; language: Language };

/**
 * Site info for the root shell and the parts that show it (title, brand, footer, service dialog,
 * password key). main.tsx asks for it first (first-data.ts); these ask only while nothing has been
 * answered: a site the server does not know answers 404 once, and a part mounted afterwards (the
 * root shell once its code has loaded, the 404 screen's title) reads that answer instead of asking
 * again (RTK Query asks again for a failed entry whenever a new part subscribes to it, which
 * toasted 'shopfront does not exist' twice).
 */
export function useSiteInfo(args: SiteInfoArgs) {
  const known = siteApi.endpoints.siteInfo.useQueryState(args);
  const asked = useSiteInfoQuery(args, { skip: known.isError });
  return known.isError ? known : asked;
}
