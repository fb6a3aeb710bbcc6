import { api } from './api';
import type { ForwardSettings } from '../lib/api-types';

/**
 * The caller's drop-shipping settings (docs/api.md "Drop-shipping settings"), defaults
 * until saved, under the `Forward` tag: the settings screen edits them and checkout starts from
 * them. The token is in the arguments so another session asks again.
 */
export const forwardSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    forwardSettings: build.query<ForwardSettings, { token: string }>({
      query: () => ({ url: '/jpmall/addons/unishop/forward/settings', method: 'POST', body: {} }),
      providesTags: ['Forward'],
    }),
  }),
});

export const { useForwardSettingsQuery } = forwardSettingsApi;
