import { Button, Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import type { ClaimableCoupon } from './types';
import type { Coupon } from '../../lib/api-types';
import { useSitePath } from '../../widgets/site-path';
import { couponDiscountMessage, couponStatusKey, couponTypeKey, discountTypeKey, hasNoThreshold, type CouponTerms } from '../../lib/coupon';
import { formatDate } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../state/hooks';
import { selectLanguage } from '../../state/session-slice';
import { useClaimableCouponsQuery, useClaimCouponMutation } from './coupon-api';
import './coupons.css';

const VALIDITY_FORMAT = 'YYYY-MM-DD HH:mm';

/** 满100减10 / 'RMB 10.00 off orders of 100.00', 9折 / '10% off' in the interface language. */
function discountText(intl: IntlShape, terms: CouponTerms): string {
  const message = couponDiscountMessage(terms, intl.locale);
  return intl.formatMessage({ id: message.id }, message.values);
}

/** The big figure of a coupon and, without a threshold, 无门槛. */
function CouponValue({ terms }: { terms: CouponTerms }) {
  const intl = useIntl();
  return (
    <div className="coupon-value">
      <span className="coupon-discount">{discountText(intl, terms)}</span>
      {hasNoThreshold(terms) ? <span className="coupon-no-threshold">{intl.formatMessage({ id: 'coupon.noThreshold' })}</span> : null}
    </div>
  );
}

/** Type and discount type tags (the code itself for one this build does not know). */
function CouponKindTags({ coupon }: { coupon: Pick<Coupon, 'type' | 'discount_type'> }) {
  const intl = useIntl();
  const name = (key: string | null, code: string) => (key ? intl.formatMessage({ id: key }) : code);
  return (
    <span className="coupon-tags">
      <Tag className={`coupon-type coupon-type-${coupon.type}`} color="volcano">
        {name(couponTypeKey(coupon.type), coupon.type)}
      </Tag>
      <Tag className="coupon-discount-type">{name(discountTypeKey(coupon.discount_type), coupon.discount_type)}</Tag>
    </span>
  );
}

function Validity({ from, to }: { from: number; to: number }) {
  const intl = useIntl();
  return (
    <span className="coupon-validity">
      {intl.formatMessage({ id: 'coupon.validity' }, { from: formatDate(from, VALIDITY_FORMAT), to: formatDate(to, VALIDITY_FORMAT) })}
    </span>
  );
}

const statusColor = (status: string) => (status === 'unused' ? 'success' : status === 'used' ? 'processing' : 'default');

/**
 * One of the caller's coupons: discount, name, type, validity, usage status and, while used, the
 * order (a coupon its cancelled order released is unused again, whatever `order_no` still says).
 */
export function CouponCard({ coupon }: { coupon: Coupon }) {
  const intl = useIntl();
  const to = useSitePath();
  return (
    <article className={`coupon-card is-${coupon.status}`} data-coupon={coupon.id}>
      <CouponValue terms={coupon} />
      <div className="coupon-body">
        <span className="coupon-name">{coupon.name}</span>
        <CouponKindTags coupon={coupon} />
        <Validity from={coupon.valid_from} to={coupon.valid_to} />
        {coupon.status === 'used' && coupon.order_no ? (
          <span className="coupon-order">
            {intl.formatMessage({ id: 'coupon.usedOrder' })}{' '}
            <Link to={to(`/orderDetail?order_no=${encodeURIComponent(coupon.order_no)}`)} className="coupon-order-no">
              {coupon.order_no}
            </Link>
            {coupon.used_at ? <span className="coupon-used-at">{intl.formatMessage({ id: 'coupon.usedAt' }, { date: formatDate(coupon.used_at) })}</span> : null}
          </span>
        ) : null}
      </div>
      <Tag className={`coupon-status coupon-status-${coupon.status}`} color={statusColor(coupon.status)}>
        {intl.formatMessage({ id: couponStatusKey(coupon.status) })}
      </Tag>
    </article>
  );
}

/** A published coupon the caller can still claim, with how many are left and the claim button. */
function ClaimableRow({ coupon, claiming, onClaim }: { coupon: ClaimableCoupon; claiming: boolean; onClaim: () => void }) {
  const intl = useIntl();
  return (
    <li className="coupon-card coupon-claimable" data-template={coupon.template_id}>
      <CouponValue terms={coupon} />
      <div className="coupon-body">
        <span className="coupon-name">{coupon.name}</span>
        <CouponKindTags coupon={coupon} />
        <Validity from={coupon.valid_from} to={coupon.valid_to} />
      </div>
      <div className="coupon-claim-side">
        <span className="coupon-remaining">{intl.formatMessage({ id: 'coupon.claim.remaining' }, { count: coupon.remaining })}</span>
        <Button type="primary" size="small" className="coupon-claim" loading={claiming} onClick={onClaim}>
          {intl.formatMessage({ id: 'coupon.claim.button' })}
        </Button>
      </div>
    </li>
  );
}

/**
 * The coupons the operator published that the caller can still claim (coupon/claimable). A claim
 * says so in a toast; the claimable list and the caller's coupons are asked again either way (a
 * refusal, toasted by the base query, means the list was out of date).
 */
export function ClaimSection({ token }: { token: string }) {
  const intl = useIntl();
  const language = useAppSelector(selectLanguage);
  const { data, isLoading, isFetching } = useClaimableCouponsQuery({ token, language }, { refetchOnMountOrArgChange: true });
  const [claim] = useClaimCouponMutation();
  const [claiming, setClaiming] = useState<string | null>(null);
  const list = data?.list ?? [];

  const onClaim = (templateId: string) => {
    setClaiming(templateId);
    claim({ template_id: templateId })
      .unwrap()
      .then(() => toast(intl.formatMessage({ id: 'coupon.claim.done' }), 'success'))
      .catch(() => undefined) // the base query has shown why
      .finally(() => setClaiming(null));
  };

  return (
    <section className="coupon-section coupon-claim-section" aria-labelledby="coupon-claim-title">
      <h2 id="coupon-claim-title" className="coupon-section-title">
        {intl.formatMessage({ id: 'coupon.claim.title' })}
      </h2>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.length === 0 ? (
        <Empty className="coupon-claim-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={intl.formatMessage({ id: 'coupon.claim.empty' })} />
      ) : (
        <ul className={`coupon-claim-list${isFetching ? ' is-refreshing' : ''}`} aria-busy={isFetching}>
          {list.map((coupon) => (
            <ClaimableRow key={coupon.template_id} coupon={coupon} claiming={claiming === coupon.template_id} onClaim={() => onClaim(coupon.template_id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
