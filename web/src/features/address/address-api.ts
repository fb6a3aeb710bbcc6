import { addressBookApi } from '../../api/address-book-api';
import type { Address } from '../../lib/api-types';
import type { AddressBody, AddressEditBody } from './address-logic';

const P = '/jpmall/addons/unishop/address';
const post = (url: string, body: object = {}) => ({ url: `${P}${url}`, method: 'POST', body });

/** Any change asks the list again: the server orders it (default, favourites, newest) and moves the default. */
const changesList = (_result: unknown, error: unknown) => (error ? [] : ['Address' as const]);

/**
 * Address book calls (docs/api.md "Addresses"), on top of the divisions and the list of
 * api/address-book-api.ts (checkout reads those too). The list answers to `Address` and every
 * successful change invalidates it. Add and edit are silent (the dialog shows a refusal next to
 * the field it names, or as a toast); the list actions let the base query toast a refusal.
 */
export const addressApi = addressBookApi.injectEndpoints({
  endpoints: (build) => ({
    addAddress: build.mutation<Address, AddressBody>({
      query: (body) => post('/add', body),
      extraOptions: { silent: true },
      invalidatesTags: changesList,
    }),
    editAddress: build.mutation<Address, AddressEditBody>({
      query: (body) => post('/edit', body),
      extraOptions: { silent: true },
      invalidatesTags: changesList,
    }),
    deleteAddress: build.mutation<null, { id: string }>({
      query: ({ id }) => post('/delete', { id }),
      invalidatesTags: changesList,
    }),
    setDefaultAddress: build.mutation<Address, { id: string }>({
      query: ({ id }) => post('/set_default', { id }),
      invalidatesTags: changesList,
    }),
    favoriteAddress: build.mutation<Address, { id: string; favorite: boolean }>({
      query: ({ id, favorite }) => post('/favorite', { id, favorite }),
      invalidatesTags: changesList,
    }),
  }),
});

export const {
  useAddressesQuery,
  useAddAddressMutation,
  useEditAddressMutation,
  useDeleteAddressMutation,
  useSetDefaultAddressMutation,
  useFavoriteAddressMutation,
} = addressApi;
