import { api } from '../../api/api';
import type { Ranking, RankingKind, RankingRange } from './types';
import type { Language } from '../../lib/languages';

/**
 * The ranking (docs/api.md "ranking/lists"): public, no session. Titles come in the request
 * language and the window moves with time, so it is kept a minute and asked again on a switch.
 */
const rankingApi = api.injectEndpoints({
  endpoints: (build) => ({
    ranking: build.query<Ranking, { kind: RankingKind; range: RankingRange; language: Language; areaSite: string }>({
      query: ({ kind, range }) => ({ url: '/jpmall/addons/unishop/ranking/lists', method: 'POST', body: { kind, range } }),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useRankingQuery } = rankingApi;
