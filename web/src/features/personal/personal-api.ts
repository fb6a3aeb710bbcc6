import { api } from '../../api/api';
import type { UploadedFile, User } from '../../api/types';
import { userUpdated } from '../../app/session-slice';

export interface ProfileEdit {
  nickname?: string;
  avatar?: string;
  qq?: string;
  email?: string;
}

/** Profile calls: user info, edit, image upload. */
export const personalApi = api.injectEndpoints({
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
    /** Multipart upload with a `file` field; the server scales and stores it as JPEG. */
    uploadImage: build.mutation<UploadedFile, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: '/addons/unishop/category/upload', method: 'POST', body };
      },
    }),
  }),
});

export const { useUserInfoQuery, useEditProfileMutation, useUploadImageMutation } = personalApi;
