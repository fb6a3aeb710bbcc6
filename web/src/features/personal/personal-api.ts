import type { User } from '../../lib/api-types';
import { uploadApi } from '../../api/upload-api';
import { userUpdated } from '../../state/session-slice';

export interface ProfileEdit {
  nickname?: string;
  avatar?: string;
  qq?: string;
  email?: string;
}

/** Profile calls: user info and edit, on top of the image upload of api/upload-api.ts. */
const personalApi = uploadApi.injectEndpoints({
  endpoints: (build) => ({
    userInfo: build.query<User, { token: string }>({
      query: () => '/addons/unishop/user/user_info',
      providesTags: ['User'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated(data));
      },
    }),
    editProfile: build.mutation<User, ProfileEdit>({
      query: (body) => ({ url: '/jpmall/addons/unishop/user/edit', method: 'POST', body }),
      invalidatesTags: ['Account'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled, getState }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(userUpdated(data));
        const token = (getState() as unknown as { session: { token: string } }).session.token;
        dispatch(personalApi.util.upsertQueryData('userInfo', { token }, data));
      },
    }),
  }),
});

export const { useUserInfoQuery, useEditProfileMutation, useUploadImageMutation } = personalApi;
