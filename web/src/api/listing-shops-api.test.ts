import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubRequestOrigin } from '../testing/screen-test-kit';
import { fetchListingPackage } from './listing-shops-api';

const answer = (name: string, type: string) => async () =>
  new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
    status: 200,
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="listing"; filename*=UTF-8''${encodeURIComponent(name)}` },
  });

const request = { shop_id: 'S1', product_ids: ['P1'], request_id: 'r1', shopName: '小王的虾皮店', token: 'tok', language: 'zh_CN' as const, areaSite: '' };

describe('fetchListingPackage', () => {
  beforeEach(stubRequestOrigin);
  afterEach(() => vi.unstubAllGlobals());
  it('saves a filled Shopee, Lazada or TikTok template as the .xlsx the server names', async () => {
    const result = await fetchListingPackage(request, answer('shopee-20261204192000.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
    expect(result).toMatchObject({ ok: true, fileName: 'shopee-20261204192000.xlsx' });
  });

  it('saves a Taobao or Douyin package as a .zip, whatever else the name says', async () => {
    const zip = await fetchListingPackage(request, answer('taobao-20261204192000.zip', 'application/zip'));
    expect(zip).toMatchObject({ ok: true, fileName: 'taobao-20261204192000.zip' });
    const odd = await fetchListingPackage(request, answer('taobao.exe', 'application/zip'));
    expect(odd).toMatchObject({ ok: true, fileName: 'taobao.exe.zip' });
  });
});
