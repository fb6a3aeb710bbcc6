// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { fetchWarehouseFile, LABEL_URL, WAVE_XLSX_URL } from './warehouse-api';

const ORIGIN = 'http://console.test';

/** A fetch that records the request it got and answers `answer`. */
function fakeFetch(answer: Response | Error) {
  const seen: Request[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    seen.push(input as Request);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { fn: fn as unknown as typeof fetch, seen };
}

describe('warehouse files', () => {
  it('names the wave and the order in the query', () => {
    expect(WAVE_XLSX_URL('BC1')).toBe('/jpmall/admin/waves/xlsx?id=BC1');
    expect(LABEL_URL('JP 1&2')).toBe('/jpmall/admin/orders/label?order_no=JP+1%262');
  });

  it('GETs a file with the admin token and language, and answers its blob and disposition', async () => {
    const { fn, seen } = fakeFetch(new Response('PK', { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="a.zip"' } }));
    const answer = await fetchWarehouseFile(`${ORIGIN}/jpmall/admin/waves/xlsx?id=BC1`, 'AT1', 'en_US', undefined, fn);
    expect(answer.ok).toBe(true);
    if (answer.ok) {
      expect(await answer.blob.text()).toBe('PK');
      expect(answer.disposition).toBe('attachment; filename="a.zip"');
    }
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.headers.get('admin-token')).toBe('AT1');
    expect(seen[0]!.headers.get('content-language')).toBe('en_US');
  });

  it('POSTs a JSON body when given one (the labels of several orders)', async () => {
    const { fn, seen } = fakeFetch(new Response('PK', { headers: { 'content-type': 'application/zip' } }));
    await fetchWarehouseFile(`${ORIGIN}/jpmall/admin/orders/labels`, 'AT1', 'zh_CN', { order_nos: ['JP2', 'JP1'] }, fn);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]!.json()).toEqual({ order_nos: ['JP2', 'JP1'] });
  });

  it('answers a refusal with the server’s words, and a lost connection without any', async () => {
    const refusal = new Response(JSON.stringify({ code: 0, msg: '这个订单没有面单', time: 1, data: null }), { status: 404, headers: { 'content-type': 'application/json' } });
    expect(await fetchWarehouseFile(`${ORIGIN}/x`, 'AT1', 'zh_CN', undefined, fakeFetch(refusal).fn)).toEqual({ ok: false, status: 404, msg: '这个订单没有面单' });
    expect(await fetchWarehouseFile(`${ORIGIN}/x`, 'AT1', 'zh_CN', undefined, fakeFetch(new TypeError('offline')).fn)).toEqual({ ok: false, status: null, msg: '' });
  });
});
