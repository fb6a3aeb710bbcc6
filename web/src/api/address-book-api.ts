import { api } from './api';
import type { Address, Area } from '../lib/api-types';

const P = '/jpmall/addons/unishop/address';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/**
 * The address-book reads more than the address screen needs (docs/api.md "Addresses"):
 * the region picker's divisions and the caller's addresses (`Address` tag), which checkout also
 * chooses from. The address screen adds its changes on top (features/address/address-api.ts).
 */
export const addressBookApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Children of a division code ('' the provinces). The data does not change while the app runs. */
    areaChildren: build.query<Area[], { pid: string }>({
      query: ({ pid }) => post('/area', { pid }),
      keepUnusedDataFor: 3600,
    }),
    /** The caller's addresses; the token is in the arguments so another session asks again. */
    addresses: build.query<Address[], { token: string }>({
      query: () => post('/lists'),
      providesTags: ['Address'],
    }),
  }),
});

export const { useLazyAreaChildrenQuery, useAddressesQuery } = addressBookApi;
