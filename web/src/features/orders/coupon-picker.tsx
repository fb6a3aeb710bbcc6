import { Radio, Tag } from 'antd';
import { useIntl, type IntlShape } from 'react-intl';
import type { AppliedCoupon, CouponType } from '../../lib/api-types';
import type { UnusableCoupon, UsableCoupon } from './types';
import { couponDiscountMessage, couponTypeKey } from '../../lib/coupon';
import { formatDate } from '../../lib/format-date';
import { bestChoice, chooseCoupon, chosenOfType, couponsByType } from './coupon-choice';
import { Yuan } from './order-parts';
import './coupon-picker.css';

const NONE = '';

/**
 * The checkout's coupons: for each type the seller has coupons of (goods, service fees, shipping),
 * 'no coupon' or one of the usable ones, each with its terms, what it takes off this order and
 * until when it is valid, the one that takes the most marked; then, greyed out, the seller's
 * coupons this order does not reach, each saying why (valid later, how much is missing, nothing of
 * its part to take off). A form control: `value` is the chosen ids (at most one of each type).
 */
export function CouponPicker({
  usable,
  unusable = [],
  value,
  onChange,
  disabled = false,
}: {
  usable: readonly UsableCoupon[];
  unusable?: readonly UnusableCoupon[];
  value?: readonly string[] | null;
  onChange?: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const chosen = value ?? [];
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const groups = couponsByType(usable, unusable);
  const best = new Set(bestChoice(usable));
  if (groups.length === 0) return <p className="page-hint checkout-coupon-none">{text('checkout.coupon.none')}</p>;
  return (
    <div className="checkout-coupon-groups">
      {usable.length === 0 ? <p className="page-hint checkout-coupon-none">{text('checkout.coupon.none')}</p> : null}
      {groups.map(({ type, usable: coupons, unusable: out }) => (
        <fieldset key={type} className={`checkout-coupon-group checkout-coupon-group-${type}`}>
          <legend className="checkout-coupon-type">{typeName(intl.formatMessage, type)}</legend>
          <Radio.Group
            // one native radio group per type: without their own names the groups' inputs would share one
            name={`checkout_coupon_${type}`}
            className="checkout-coupon-choices"
            disabled={disabled}
            value={chosenOfType(chosen, usable, type) ?? NONE}
            onChange={(event) => onChange?.(chooseCoupon(chosen, usable, type, (event.target.value as string) || null))}
          >
            <Radio value={NONE} className="checkout-coupon-choice checkout-coupon-skip">
              {text('checkout.coupon.skip')}
            </Radio>
            {coupons.map((coupon) => {
              const terms = couponDiscountMessage(coupon, intl.locale);
              return (
                <Radio key={coupon.id} value={coupon.id} className={`checkout-coupon-choice checkout-coupon-${coupon.id}`}>
                  <span className="checkout-coupon-name">{coupon.name}</span>
                  {coupons.length > 1 && best.has(coupon.id) ? (
                    <Tag color="red" className="checkout-coupon-best">
                      {text('checkout.coupon.best')}
                    </Tag>
                  ) : null}
                  <span className="checkout-coupon-terms">{text(terms.id, terms.values)}</span>
                  <span className="checkout-coupon-saves">
                    {text('checkout.coupon.saves')} -<Yuan value={coupon.discount} />
                  </span>
                  <span className="checkout-coupon-until">{text('checkout.coupon.until', { date: formatDate(coupon.valid_to, 'YYYY-MM-DD HH:mm') })}</span>
                </Radio>
              );
            })}
            {out.map((coupon) => {
              const terms = couponDiscountMessage(coupon, intl.locale);
              return (
                <Radio key={coupon.id} value={coupon.id} disabled className={`checkout-coupon-choice checkout-coupon-unusable checkout-coupon-${coupon.id}`}>
                  <span className="checkout-coupon-name">{coupon.name}</span>
                  <span className="checkout-coupon-terms">{text(terms.id, terms.values)}</span>
                  <span className="checkout-coupon-why" data-reason={coupon.reason}>
                    {whyNot(intl, coupon)}
                  </span>
                  <span className="checkout-coupon-until">{text('checkout.coupon.until', { date: formatDate(coupon.valid_to, 'YYYY-MM-DD HH:mm') })}</span>
                </Radio>
              );
            })}
          </Radio.Group>
        </fieldset>
      ))}
    </div>
  );
}

/** Why this order does not reach `coupon`, in the reader's words. */
function whyNot(intl: IntlShape, coupon: UnusableCoupon): string {
  switch (coupon.reason) {
    case 'not_started':
      return intl.formatMessage({ id: 'checkout.coupon.why.notStarted' }, { date: formatDate(coupon.valid_from, 'YYYY-MM-DD HH:mm') });
    case 'below_threshold':
      return intl.formatMessage({ id: 'checkout.coupon.why.belowThreshold' }, { short: coupon.short ?? '' });
    default:
      return intl.formatMessage({ id: `checkout.coupon.why.nothingOff.${coupon.type}` });
  }
}

function typeName(format: (descriptor: { id: string }) => string, type: string): string {
  const key = couponTypeKey(type);
  return key ? format({ id: key }) : type;
}

/** The coupons the preview applied, each with its type and what it took off. */
export function AppliedCoupons({ applied }: { applied: readonly AppliedCoupon[] }) {
  const intl = useIntl();
  if (applied.length === 0) return null;
  return (
    <ul className="checkout-applied-coupons" aria-label={intl.formatMessage({ id: 'checkout.coupon.applied' })}>
      {applied.map((coupon) => (
        <li key={coupon.id} className={`checkout-applied-coupon checkout-applied-${coupon.id}`}>
          <span className="checkout-applied-name">
            {typeName(intl.formatMessage, coupon.type as CouponType)} · {coupon.name}
          </span>
          <span className="checkout-applied-discount">
            -<Yuan value={coupon.discount} />
          </span>
        </li>
      ))}
    </ul>
  );
}
