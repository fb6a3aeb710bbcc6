import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../api/console-api';
import en from '../../i18n/en_US.json';
import zh from '../../i18n/zh_CN.json';
import { formatDate } from '../../lib/format-date';
import { makeIntl } from '../../lib/i18n';
import { actionLabel, auditSentence, SENTENCE_PLACEHOLDERS } from './audit-sentence';

/** Every action the audit trail records, as the Rust side keeps it (its tests check it against the recorders). */
const actions = JSON.parse(readFileSync(join(process.cwd(), '..', 'commands', 'src', 'audit_actions.json'), 'utf8')) as string[];
const zhIntl = makeIntl('zh_CN', zh);
const enIntl = makeIntl('en_US', en);

function argumentsOf(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((e) => {
    const own = 'value' in e && e.type !== TYPE.literal && typeof e.value === 'string' ? [e.value] : [];
    const nested = 'options' in e ? Object.values(e.options).flatMap((o) => argumentsOf(o.value)) : [];
    return [...own, ...nested];
  });
}

const entry = (action: string, objectType: string, objectId: string, detail: unknown, names: AuditEntry['names'] = {}): AuditEntry => ({
  id: 1,
  at: 1_790_000_000,
  actor_kind: 'staff',
  actor_id: 's1',
  actor_name: '王店主',
  action,
  object_type: objectType,
  object_id: objectId,
  detail,
  names,
});

describe('audit actions', () => {
  it('lists the actions the recorders write', () => {
    expect(actions).toContain('order.record_after_sale_refund');
    expect(actions).toContain('sku.stock');
    expect(actions.length).toBeGreaterThan(50);
  });

  it('every recorded action has a name and a sentence in both catalogues', () => {
    const catalogues = { zh_CN: zh as Record<string, string>, en_US: en as Record<string, string> };
    for (const [language, catalogue] of Object.entries(catalogues)) {
      const unnamed = actions.filter((action) => !(`console.action.${action}` in catalogue));
      const unsaid = actions.filter((action) => !(`console.audit.sentence.${action}` in catalogue));
      expect({ language, unnamed, unsaid }).toEqual({ language, unnamed: [], unsaid: [] });
    }
  });

  it('a sentence uses only the placeholders the screen fills', () => {
    for (const action of actions) {
      for (const catalogue of [zh, en] as Record<string, string>[]) {
        const used = argumentsOf(parse(catalogue[`console.audit.sentence.${action}`]!));
        expect(used.filter((name) => !(SENTENCE_PLACEHOLDERS as readonly string[]).includes(name)), action).toEqual([]);
      }
    }
  });

  it('names the raw key order.record_after_sale_refund', () => {
    expect(actionLabel(zhIntl, 'order.record_after_sale_refund')).toBe('登记售后退款');
    expect(actionLabel(enIntl, 'order.record_after_sale_refund')).toBe('After-sale refund recorded');
  });
});

describe('audit sentences', () => {
  it('shows money in yuan with two decimals', () => {
    const refund = entry('order.record_after_sale_refund', 'order', 'O2026001', { after_sale_id: 'AS9', amount: 12_305, at: 1_790_000_000 });
    expect(auditSentence(zhIntl, refund)).toBe('订单 O2026001 登记售后 AS9 退款 ¥123.05');
    expect(auditSentence(enIntl, refund)).toBe('Recorded the refund of ¥123.05 for the after-sale AS9 on the order O2026001');
    const afterSale = entry('after_sale.refund', 'after_sale', 'AS9', { refund_id: 'AS9', coupon_share: 50, cap: 9_000, expected: 8_950, at: 1 });
    expect(auditSentence(zhIntl, afterSale)).toBe('售后 AS9 退款，优惠券分摊 ¥0.50，最多 ¥90.00，确认金额 ¥89.50');
    expect(auditSentence(enIntl, { ...afterSale, detail: { refund_id: 'AS9', coupon_share: 0, cap: 9_000, expected: null, at: 1 } })).toBe(
      'Refunded the after-sale AS9: coupon share ¥0.00, at most ¥90.00',
    );
  });

  it('shows times as local dates and ids as names', () => {
    const from = 1_790_000_000;
    const to = from + 7 * 86_400;
    const issue = entry(
      'coupon.issue',
      'coupon',
      'C1',
      { user_id: 'u1', name: '满50减5', name_en: '¥5 off over ¥50', kind: 'Product', discount: { FullReduction: { threshold: 5_000, amount: 500 } }, valid_from: from, valid_to: to, source: 'operator', at: from },
      { user: { u1: '小王服饰' } },
    );
    const day = (seconds: number) => formatDate(seconds, 'YYYY-MM-DD HH:mm');
    expect(auditSentence(zhIntl, issue)).toBe(`向 小王服饰 发放优惠券「满50减5」（满 ¥50.00 减 ¥5.00），有效期 ${day(from)} 至 ${day(to)}`);
    expect(auditSentence(enIntl, issue)).toBe(`Issued the coupon “¥5 off over ¥50” (¥5.00 off over ¥50.00) to 小王服饰, valid from ${day(from)} to ${day(to)}`);
    expect(day(from)).toMatch(/^2026-09-2\d \d\d:\d\d$/);
  });

  it('names the SKU, the product, the stalls and the roles', () => {
    const stock = entry('sku.stock', 'product', 'P1', { sku_id: 'K1', before: 3, after: 10, reason: '盘点' }, { product: { P1: 'Linen shirt' }, sku: { K1: 'Linen shirt Black M' } });
    expect(auditSentence(enIntl, stock)).toBe('Changed the stock of Linen shirt Black M from 3 to 10: 盘点');
    expect(auditSentence(zhIntl, { ...stock, detail: { sku_id: 'K1', before: 3, after: 10, reason: '' } })).toBe('将 Linen shirt Black M 的库存由 3 改为 10');
    const added = entry('staff.add', 'staff', 's3', { mobile: '139****0001', name: '档口小李', role: 'stall', stall_ids: ['st1', 'st2'] }, { staff: { s3: '档口小李' }, stall: { st1: 'A101', st2: 'B202' } });
    expect(auditSentence(zhIntl, added)).toBe('添加员工 档口小李（档口，手机 139****0001），供货档口：A101和B202');
    expect(auditSentence(enIntl, added)).toBe('Added the staff member 档口小李 (Stall, phone 139****0001), supplying A101 and B202');
    const created = entry('product.create', 'product', 'P1', { item_no: 'A-1', title_zh: '亚麻衬衫', stall_id: 'st1', price: '90.00', skus: 4 }, { product: { P1: '亚麻衬衫' }, stall: { st1: 'A101' } });
    expect(auditSentence(zhIntl, created)).toBe('新建商品 亚麻衬衫（货号 A-1），档口 A101，价格 ¥90.00，4 个 SKU');
  });

  it('an id the listing could not name shows as it is; an unknown action says its key and object', () => {
    const gone = entry('staff.disable', 'staff', 's9', {});
    expect(auditSentence(zhIntl, gone)).toBe('停用员工 s9');
    const unknown = entry('order.cancel_by_ops', 'order', 'O1', {});
    expect(auditSentence(enIntl, unknown)).toBe('order.cancel_by_ops: O1');
  });
});
