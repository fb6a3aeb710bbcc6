import { api } from './api';
import type { UploadedFile, UploadedLabel } from '../lib/api-types';

/**
 * The image upload (docs/api.md "Uploads", the profile's avatar) and the shipping label upload
 * (docs/api.md "Labels": a PDF, PNG or JPEG kept byte for byte, read back only with the token).
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
    /** Multipart upload of a label file (`file`) to `order/label`; answers its private URL. */
    uploadLabel: build.mutation<UploadedLabel, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: '/jpmall/addons/unishop/order/label', method: 'POST', body };
      },
    }),
  }),
});

export const { useUploadImageMutation, useUploadLabelMutation } = uploadApi;
