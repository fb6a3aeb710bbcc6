import { forwardSettingsApi } from '../../api/forward-settings-api';
import type { ForwardSettingsBody } from '../../lib/api-types';

const P = '/jpmall/addons/unishop/forward';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/**
 * Drop-shipping settings calls (docs/api.md "Drop-shipping settings (issue 6)"): the settings
 * query lives in api/forward-settings-api.ts (checkout reads it too), the save here. The settings
 * answer to `Forward`; a successful save invalidates it, so the screen (and later checkout's
 * defaults) shows what the server kept. Save is silent: the screen shows a refusal next to the
 * field it names, else as a toast.
 */
export const forwardApi = forwardSettingsApi.injectEndpoints({
  endpoints: (build) => ({
    saveForwardSettings: build.mutation<unknown, ForwardSettingsBody>({
      query: (body) => post('/save', body),
      extraOptions: { silent: true },
      invalidatesTags: (_result, error) => (error ? [] : ['Forward']),
    }),
  }),
});

export const { useForwardSettingsQuery, useSaveForwardSettingsMutation } = forwardApi;
