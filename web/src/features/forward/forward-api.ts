import { forwardSettingsApi } from '../../api/forward-settings-api';
import type { ForwardSettingsBody } from '../../lib/api-types';
import type { PlatformCode } from './types';
import type { RateInput } from './forward-logic';

const P = '/jpmall/addons/unishop/forward';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/** A seller's rate for one platform shop's currency. */
export interface PlatformRate {
  platform: PlatformCode;
  /** ISO 4217 code ('PHP'). */
  currency: string;
  /** Yuan for one unit, four decimals ('0.1250'). */
  rate: string;
  /** The same in millionths of a yuan. */
  micro_cny: number;
}

/** The answer of forward/platform_rates and of its save: the seller's rates as the server keeps them. */
export interface PlatformRates {
  rates: PlatformRate[];
}

/**
 * Drop-shipping settings calls (docs/api.md "Drop-shipping settings"): the settings
 * query lives in api/forward-settings-api.ts (checkout reads it too), the save here. The settings
 * answer to `Forward`; a successful save invalidates it, so the screen (and later checkout's
 * defaults) shows what the server kept. Save is silent: the screen shows a refusal next to the
 * field it names, else as a toast. The shop exchange rates (`PlatformRate`) are saved as a whole set
 * (`forward/platform_rates/save` replaces them); a save also asks the platform import previews
 * again, whose margins are converted at these rates.
 */
export const forwardApi = forwardSettingsApi.injectEndpoints({
  endpoints: (build) => ({
    saveForwardSettings: build.mutation<unknown, ForwardSettingsBody>({
      query: (body) => post('/save', body),
      extraOptions: { silent: true },
      invalidatesTags: (_result, error) => (error ? [] : ['Forward']),
    }),
    platformRates: build.query<PlatformRates, { token: string }>({
      query: () => post('/platform_rates'),
      providesTags: ['PlatformRate'],
    }),
    savePlatformRates: build.mutation<PlatformRates, { rates: RateInput[] }>({
      query: (body) => post('/platform_rates/save', body),
      extraOptions: { silent: true },
      invalidatesTags: (_result, error) => (error ? [] : ['PlatformRate', 'PlatformImport']),
    }),
  }),
});

export const { useForwardSettingsQuery, useSaveForwardSettingsMutation, usePlatformRatesQuery, useSavePlatformRatesMutation } = forwardApi;
