import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Empty, Form, Pagination, Select, Skeleton, Tabs } from 'antd';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../state/hooks';
import { LoginRequired } from '../../widgets/login-required';
import { usePaginationTexts } from '../../widgets/pagination';
import { selectLanguage, selectToken } from '../../state/session-slice';
import { useSitePath } from '../../widgets/site-path';
import { formRule } from '../../lib/form-rules';
import { useCouponsQuery } from './coupon-api';
import {
  COUPON_DEFAULT_PAGE_SIZE,
  COUPON_PAGE_SIZES,
  couponListBody,
  couponSearchFromParams,
  couponSearchParams,
  DISCOUNT_CHOICES,
  discountChoiceKey,
  STATUS_CHOICES,
  STATUS_TABS,
  statusChoiceKey,
  statusCount,
  TYPE_CHOICES,
  typeChoiceKey,
  validateCouponType,
  validateDiscountType,
  validateUsageStatus,
  type CouponFilterValues,
  type CouponSearch,
  type StatusChoice,
} from './coupon-logic';
import { ClaimSection, CouponCard } from './coupon-parts';

/** The form's values from the address: a filter not chosen is left empty (the select shows its placeholder). */
const formValuesOf = (values: CouponFilterValues): CouponFilterValues => ({
  type: values.type ?? undefined,
  discount_type: values.discount_type ?? undefined,
  status: values.status ?? undefined,
});

/**
 * `/coupon` (the spec names a coupons screen without its route): the coupons to claim, then the
 * caller's coupons. The three filters (type, discount type, usage status) start empty and must
 * all be chosen before a search (spec section 5); the search, its status tab and page live in the
 * address. Tabs show the usage-status counts under the other two filters. Needs a session.
 */
export default function CouponScreen() {
  const intl = useIntl();
  const to = useSitePath();
  const navigate = useNavigate();
  const { showTotal } = usePaginationTexts();
  const token = useAppSelector(selectToken);
  const language = useAppSelector(selectLanguage);
  const [params] = useSearchParams();
  const query = params.toString();
  const { values, search } = couponSearchFromParams(params);
  const [form] = Form.useForm<CouponFilterValues>();
  // nothing is asked before all three filters are chosen
  const { data, isLoading, isFetching } = useCouponsQuery(search && token ? { token, language, ...couponListBody(search) } : skipToken, { refetchOnMountOrArgChange: true });
  const text = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);

  // back, forward and the tabs change the address: the selects follow it
  useEffect(() => {
    form.setFieldsValue(formValuesOf(couponSearchFromParams(query).values));
  }, [form, query]);

  if (!token) return <LoginRequired />;

  const go = (next: CouponSearch) => void navigate(to(`/coupon?${couponSearchParams(next)}`));
  const onFinish = (chosen: CouponFilterValues) =>
    go({
      type: chosen.type!,
      discount_type: chosen.discount_type!,
      status: chosen.status!,
      page: 1,
      pagesize: search?.pagesize ?? COUPON_DEFAULT_PAGE_SIZE,
    });
  const coupons = data?.list ?? [];

  return (
    <div className="coupons-page">
      <header className="coupons-head">
        <h1 className="page-title">{text('coupon.title')}</h1>
      </header>
      <ClaimSection token={token} />
      <section className="coupon-section coupon-mine" aria-labelledby="coupon-mine-title">
        <h2 id="coupon-mine-title" className="coupon-section-title">
          {text('coupon.mine')}
        </h2>
        <Form form={form} name="coupon_filters" layout="inline" requiredMark={false} className="coupon-filters" initialValues={formValuesOf(values)} onFinish={onFinish}>
          <Form.Item name="type" label={text('coupon.filter.type')} rules={[formRule(intl, validateCouponType)]}>
            <Select
              className="coupon-filter-type"
              style={{ minWidth: 150 }}
              virtual={false}
              placeholder={text('coupon.filter.typeRequired')}
              classNames={{ popup: { root: 'coupon-filter-type-popup' } }}
              options={TYPE_CHOICES.map((choice) => ({ value: choice, label: text(typeChoiceKey(choice)) }))}
            />
          </Form.Item>
          <Form.Item name="discount_type" label={text('coupon.filter.discountType')} rules={[formRule(intl, validateDiscountType)]}>
            <Select
              className="coupon-filter-discount"
              style={{ minWidth: 150 }}
              virtual={false}
              placeholder={text('coupon.filter.discountTypeRequired')}
              classNames={{ popup: { root: 'coupon-filter-discount-popup' } }}
              options={DISCOUNT_CHOICES.map((choice) => ({ value: choice, label: text(discountChoiceKey(choice)) }))}
            />
          </Form.Item>
          <Form.Item name="status" label={text('coupon.filter.status')} rules={[formRule(intl, validateUsageStatus)]}>
            <Select
              className="coupon-filter-status"
              style={{ minWidth: 150 }}
              virtual={false}
              placeholder={text('coupon.filter.statusRequired')}
              classNames={{ popup: { root: 'coupon-filter-status-popup' } }}
              options={STATUS_CHOICES.map((choice) => ({ value: choice, label: text(statusChoiceKey(choice)) }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" className="coupon-search">
              {text('common.search')}
            </Button>
          </Form.Item>
        </Form>
        {!search ? (
          <p className="page-hint coupon-hint">{text('coupon.filter.hint')}</p>
        ) : (
          <>
            <Tabs
              className="coupon-tabs"
              activeKey={search.status}
              onChange={(tab) => go({ ...search, status: tab as StatusChoice, page: 1 })}
              items={STATUS_TABS.map((tab) => ({
                key: tab,
                label: (
                  <span className={`coupon-tab coupon-tab-${tab}`}>
                    {text(tab === 'all' ? 'coupon.tab.all' : `coupon.status.${tab}`)} <span className="coupon-tab-count">{statusCount(data?.counts, tab)}</span>
                  </span>
                ),
              }))}
            />
            {isLoading ? (
              <Skeleton active className="coupon-list-skeleton" paragraph={{ rows: 4 }} />
            ) : coupons.length === 0 ? (
              <Empty className="coupon-list-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('coupon.list.empty')} />
            ) : (
              <div className={`coupon-list${isFetching ? ' is-refreshing' : ''}`} aria-busy={isFetching}>
                {coupons.map((coupon) => (
                  <CouponCard key={coupon.id} coupon={coupon} />
                ))}
              </div>
            )}
            {(data?.total ?? 0) > 0 ? (
              <Pagination
                className="coupon-pagination"
                current={search.page}
                pageSize={search.pagesize}
                total={data?.total ?? 0}
                showTotal={showTotal}
                showSizeChanger
                pageSizeOptions={COUPON_PAGE_SIZES.map(String)}
                onChange={(page, size) => go({ ...search, page: size !== search.pagesize ? 1 : page, pagesize: size })}
              />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
