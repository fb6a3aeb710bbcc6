/**
 * Test helpers of the address tests: an in-memory address book answering the address paths of
 * docs/api.md (the server's rules: the first address is the default, a new default clears the
 * others, deleting the default makes the newest remaining one the default), with the shared fake
 * server (testing/screen-test-kit.tsx) recording what was sent, paths below address/. Imported by
 * tests only.
 */
import type { Address, Area } from '../../lib/api-types';
import { ok, refused, serve as serveAll } from '../../testing/screen-test-kit';

export { bodiesOf, count, refused, session, stubRequestOrigin } from '../../testing/screen-test-kit';

/** An address-book route reads the body alone, so a test can hand a call on: `routes['/add']!(body)`. */
export type Handler = (body: Record<string, unknown>) => Response | Promise<Response>;

/** Answers by path below /jpmall/addons/unishop/address ('/lists'); returns every call made, in order. */
export const serve = (routes: Record<string, Handler>) => serveAll(routes, { under: '/address' });

/** A few divisions, keyed by parent code ('' the provinces). */
const AREAS: Record<string, Area[]> = {
  '': [
    { id: '11', name: '北京市' },
    { id: '44', name: '广东省' },
  ],
  '11': [{ id: '1101', name: '市辖区' }],
  '1101': [{ id: '110101', name: '东城区' }],
  '44': [
    { id: '4401', name: '广州市' },
    { id: '4403', name: '深圳市' },
  ],
  '4401': [
    { id: '440106', name: '天河区' },
    { id: '440111', name: '白云区' },
  ],
  '4403': [{ id: '440305', name: '南山区' }],
};

export function address(id: string, patch: Partial<Address> = {}): Address {
  return {
    id,
    recipient: '李四',
    phone: '13900001111',
    province: '广东省',
    city: '广州市',
    district: '白云区',
    detail: '三元里大道 1 号',
    is_default: false,
    is_favorite: false,
    created_at: 1795000000,
    updated_at: 1795000000,
    ...patch,
  };
}

/** The server's order: the default first, then favourites, then newest. */
const ordered = (book: Address[]) =>
  [...book].sort((a, b) => Number(b.is_default) - Number(a.is_default) || Number(b.is_favorite) - Number(a.is_favorite) || b.created_at - a.created_at);

/** Routes of an address book starting with `initial`; `book` is the live list. */
export function addressBook(initial: Address[] = []) {
  const book = [...initial];
  let next = 100;
  let clock = 1795000100;
  const find = (id: unknown) => book.find((a) => a.id === id);
  const makeDefault = (target: Address) => {
    for (const a of book) a.is_default = a === target;
  };
  const fields = (body: Record<string, unknown>) => ({
    recipient: String(body.recipient),
    phone: String(body.phone),
    province: String(body.province),
    city: String(body.city),
    district: String(body.district),
    detail: String(body.detail),
  });
  const routes: Record<string, Handler> = {
    '/area': (body) => ok(AREAS[String(body.pid ?? '')] ?? []),
    '/lists': () => ok(ordered(book)),
    '/add': (body) => {
      if (book.length >= 50) return refused(422, '最多只能保存 50 个地址');
      clock += 1;
      const added = address(`A${(next += 1)}`, { ...fields(body), is_favorite: body.is_favorite === true, created_at: clock, updated_at: clock });
      book.push(added);
      if (book.length === 1 || body.is_default === true) makeDefault(added);
      return ok(added);
    },
    '/edit': (body) => {
      const found = find(body.id);
      if (!found) return refused(404, '资源不存在');
      Object.assign(found, fields(body), { updated_at: (clock += 1) });
      if (typeof body.is_favorite === 'boolean') found.is_favorite = body.is_favorite;
      if (body.is_default === true) makeDefault(found);
      return ok(found);
    },
    '/delete': (body) => {
      const index = book.findIndex((a) => a.id === body.id);
      if (index < 0) return refused(404, '资源不存在');
      const [gone] = book.splice(index, 1);
      if (gone?.is_default && book.length > 0) makeDefault([...book].sort((a, b) => b.created_at - a.created_at)[0]!);
      return ok(null);
    },
    '/set_default': (body) => {
      const found = find(body.id);
      if (!found) return refused(404, '资源不存在');
      makeDefault(found);
      return ok(found);
    },
    '/favorite': (body) => {
      const found = find(body.id);
      if (!found) return refused(404, '资源不存在');
      found.is_favorite = body.favorite === true;
      return ok(found);
    },
  };
  return { book, routes };
}
