/** Shapes of docs/api.md that only this feature reads. */

export type PlatformCode = 'douyin' | 'tiktok' | 'shopee' | 'lazada';
