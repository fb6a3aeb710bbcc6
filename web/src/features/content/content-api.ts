import { api } from '../../api/api';
import type { Id, Notice, Page } from '../../lib/api-types';
import type { NoticeDetail, Resource, TutorialArticle, TutorialCategory } from './types';
import type { Language } from '../../lib/languages';

const P = '/jpmall/addons/unishop';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/** Notices, tutorials and ecosystem resources; arguments carry the language their texts follow. */
const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    notices: build.query<Page<Notice>, { language: Language; page: number; pagesize: number }>({
      query: ({ page, pagesize }) => post('/notice/lists', { page, pagesize }),
    }),
    notice: build.query<NoticeDetail, { language: Language; id: Id }>({
      query: ({ id }) => post('/notice/detail', { id }),
      extraOptions: { silent: true },
    }),
    tutorials: build.query<TutorialCategory[], { language: Language }>({
      query: () => post('/tutorial/lists'),
    }),
    tutorial: build.query<TutorialArticle, { language: Language; id: Id }>({
      query: ({ id }) => post('/tutorial/detail', { id }),
      extraOptions: { silent: true },
    }),
    resources: build.query<Resource[], { language: Language }>({
      query: () => post('/resources/lists'),
    }),
  }),
});

export const { useNoticesQuery, useNoticeQuery, useTutorialsQuery, useTutorialQuery, useResourcesQuery } = contentApi;
