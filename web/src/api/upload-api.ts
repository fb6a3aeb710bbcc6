import { api } from './api';
import type { UploadedFile } from '../lib/api-types';

/**
 * The image upload (docs/api.md "Uploads"): the profile's avatar and an order's shipping label
 * both go through it.
 */
export const uploadApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useUploadImageMutation } = uploadApi;
