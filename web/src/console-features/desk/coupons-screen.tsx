import { Button, Card, DatePicker, Empty, Form, Input, InputNumber, Select, Space, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState, type HTMLAttributes } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  useCouponTemplatesQuery,
  useIssueCouponMutation,
  useIssuedCouponsQuery,
  usePublishCouponMutation,
  type CouponTemplate,
  type IssuedCoupon,
} from './desk-api';
import { COUPON_DISCOUNT_TYPES, COUPON_TYPES, couponDiscountMessage, couponStatusKey, couponTypeKey, type CouponTerms } from '../../lib/coupon';
import { formatDate } from '../../lib/format-date';
import { formRule } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { validateMobile } from '../../lib/validators';
import { selectConsoleToken } from '../../state/console-session';
import { showRefusal } from '../../widgets/form-refusal';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { amountProblem, couponBody, percentProblem, thresholdProblem, type CouponValues } from './coupon-body';
import { deskPagination, DESK_PAGE_SIZE, PhoneSearch, SellerCell, useConsoleDayjsLocale } from './desk-parts';

const STATUS_COLOR: Record<string, string> = { unused: 'processing', used: 'success', expired: 'default' };
const DAY_FORMAT = 'YYYY-MM-DD HH:mm';

const typeName = (intl: IntlShape, type: string) => {
  const key = couponTypeKey(type);
  return key ? intl.formatMessage({ id: key }) : type;
};

/** 满100减10 / '10% off orders of 100.00'. */
const discountText = (intl: IntlShape, terms: CouponTerms) => {
  const message = couponDiscountMessage(terms, intl.locale);
  return intl.formatMessage({ id: message.id }, message.values);
};

/** A coupon's English name as issued; those from before English names had none (sellers reading English see one built from the terms). */
const englishName = (intl: IntlShape, name: string) =>
  name ? <span className="console-desk-coupon-name-en">{name}</span> : <span className="console-desk-coupon-name-en">{intl.formatMessage({ id: 'console.desk.coupon.nameEn.none' })}</span>;

const validity = (coupon: { valid_from: number; valid_to: number }) => `${formatDate(coupon.valid_from, DAY_FORMAT)} ~ ${formatDate(coupon.valid_to, DAY_FORMAT)}`;

/** The published coupons, newest first, with how many were claimed and used. */
function TemplatesTab() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useCouponTemplatesQuery({ token, page, pagesize: DESK_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const text = (id: string) => intl.formatMessage({ id });
  return (
    <Table<CouponTemplate>
      rowKey="template_id"
      className="console-desk-template-table"
      loading={isFetching}
      dataSource={data?.list ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('console.desk.coupon.none')} /> }}
      onRow={(row) => ({ 'data-id': row.template_id }) as HTMLAttributes<HTMLElement>}
      pagination={deskPagination(intl, page, data?.total ?? 0, setPage)}
      columns={[
        { key: 'name', title: text('console.desk.coupon.name'), render: (_, row) => row.name },
        { key: 'nameEn', title: text('console.desk.coupon.nameEn'), render: (_, row) => englishName(intl, row.name_en) },
        { key: 'type', title: text('coupon.filter.type'), render: (_, row) => typeName(intl, row.type) },
        { key: 'discount', title: text('console.desk.coupon.discount'), render: (_, row) => discountText(intl, row) },
        { key: 'validity', title: text('console.desk.coupon.validity'), render: (_, row) => validity(row) },
        { key: 'quantity', title: text('console.desk.coupon.quantity'), align: 'right', render: (_, row) => row.quantity },
        { key: 'claimed', title: text('console.desk.coupon.claimed'), align: 'right', render: (_, row) => row.claimed },
        { key: 'used', title: text('console.desk.coupon.used'), align: 'right', render: (_, row) => row.used },
        { key: 'created', title: text('console.desk.coupon.publishedAt'), render: (_, row) => formatDate(row.created_at) },
      ]}
    />
  );
}

/** The issued coupons (a seller's, by phone number): used ones with the order that redeemed them. */
function IssuedTab() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const [mobile, setMobile] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useIssuedCouponsQuery({ token, mobile, page, pagesize: DESK_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const text = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <PhoneSearch
        inputClass="console-desk-coupon-mobile"
        buttonClass="console-desk-coupon-search"
        onSearch={(digits) => {
          setMobile(digits);
          setPage(1);
        }}
      />
      <Table<IssuedCoupon>
        rowKey="id"
        className="console-desk-coupon-table"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('console.desk.coupon.none')} /> }}
        onRow={(row) => ({ 'data-id': row.id, 'data-status': row.status }) as HTMLAttributes<HTMLElement>}
        pagination={deskPagination(intl, page, data?.total ?? 0, setPage)}
        columns={[
          { key: 'seller', title: text('console.desk.seller'), render: (_, row) => <SellerCell row={row} /> },
          { key: 'name', title: text('console.desk.coupon.name'), render: (_, row) => row.name_zh },
          { key: 'nameEn', title: text('console.desk.coupon.nameEn'), render: (_, row) => englishName(intl, row.name_en) },
          { key: 'type', title: text('coupon.filter.type'), render: (_, row) => typeName(intl, row.type) },
          { key: 'discount', title: text('console.desk.coupon.discount'), render: (_, row) => discountText(intl, row) },
          { key: 'validity', title: text('console.desk.coupon.validity'), render: (_, row) => validity(row) },
          {
            key: 'status',
            title: text('coupon.filter.status'),
            render: (_, row) => (
              <Tag className="console-desk-coupon-status" color={STATUS_COLOR[row.status] ?? 'default'}>
                {text(couponStatusKey(row.status))}
              </Tag>
            ),
          },
          { key: 'order', title: text('coupon.usedOrder'), render: (_, row) => <span className="console-desk-coupon-order">{row.order_no}</span> },
          { key: 'issued', title: text('console.desk.coupon.issuedAt'), render: (_, row) => formatDate(row.issued_at) },
          { key: 'usedAt', title: text('console.desk.coupon.usedAt'), render: (_, row) => (row.used_at ? formatDate(row.used_at) : '') },
        ]}
      />
    </>
  );
}

/** The form fields a refusal may name; the validity's two ends are one picker. */
const FORM_FIELDS = ['mobile', 'name', 'name_en', 'type', 'discount_type', 'threshold', 'amount', 'percent_off', 'quantity', 'validity'];
const RENAME = { valid_from: 'validity', valid_to: 'validity' };

/**
 * Issue a coupon to one seller (by phone number), or publish a claimable one (with how many): the
 * Chinese and the English name, what it discounts, a full reduction (amount) or a discount (percent off), the threshold and
 * the validity (whole days). A refusal shows under the field it names.
 */
function CouponForm({ mode, onDone }: { mode: 'issue' | 'publish'; onDone: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<CouponValues>();
  const [issue, issuing] = useIssueCouponMutation();
  const [publish, publishing] = usePublishCouponMutation();
  const discountType = Form.useWatch('discount_type', form);
  const text = (id: string) => intl.formatMessage({ id });
  const check = (problem: (value: never) => string | null) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const key = problem(value as never);
      if (key) throw new Error(text(key));
    },
  });
  const onFinish = async (values: CouponValues) => {
    const terms = couponBody(values);
    try {
      if (mode === 'issue') {
        const mobile = (values.mobile ?? '').trim();
        await issue({ ...terms, mobile }).unwrap();
        void toast(intl.formatMessage({ id: 'console.desk.coupon.issued' }, { mobile }), 'success');
      } else {
        await publish({ ...terms, quantity: values.quantity ?? 0 }).unwrap();
        void toast(text('console.desk.coupon.published'), 'success');
      }
    } catch (error) {
      showRefusal(form, error, FORM_FIELDS, RENAME);
      return;
    }
    form.resetFields();
    onDone();
  };
  return (
    <Card className={`console-card console-desk-coupon-form console-desk-coupon-${mode}`}>
      <Form<CouponValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="console-desk-form"
        initialValues={{ type: 'product', discount_type: 'full_reduction', validity: [dayjs(), dayjs().add(30, 'day')] }}
        onFinish={(v) => void onFinish(v)}
      >
        {mode === 'issue' ? (
          <Form.Item name="mobile" label={text('console.desk.coupon.mobile')} rules={[formRule(intl, validateMobile)]}>
            <Input className="console-desk-coupon-form-mobile" maxLength={20} />
          </Form.Item>
        ) : null}
        <Form.Item name="name" label={text('console.desk.coupon.name')} rules={[{ required: true, whitespace: true, message: text('console.desk.coupon.name.required') }]}>
          <Input className="console-desk-coupon-name" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="name_en"
          label={text('console.desk.coupon.nameEn')}
          extra={text('console.desk.coupon.nameEn.hint')}
          rules={[{ required: true, whitespace: true, message: text('console.desk.coupon.nameEn.required') }]}
        >
          <Input className="console-desk-coupon-name-en-input" maxLength={200} />
        </Form.Item>
        <Form.Item name="type" label={text('coupon.filter.type')} rules={[{ required: true, message: text('coupon.filter.typeRequired') }]}>
          <Select className="console-desk-coupon-type" options={COUPON_TYPES.map((value) => ({ value, label: typeName(intl, value) }))} />
        </Form.Item>
        <Form.Item name="discount_type" label={text('coupon.filter.discountType')} rules={[{ required: true, message: text('coupon.filter.discountTypeRequired') }]}>
          <Select className="console-desk-coupon-discount-type" options={COUPON_DISCOUNT_TYPES.map((value) => ({ value, label: text(`coupon.discountType.${value}`) }))} />
        </Form.Item>
        {discountType === 'discount' ? (
          <Form.Item name="percent_off" label={text('console.desk.coupon.percentOff')} extra={text('console.desk.coupon.percentOff.hint')} rules={[check(percentProblem)]}>
            <InputNumber className="console-desk-coupon-percent" min={1} max={99} precision={0} />
          </Form.Item>
        ) : (
          <Form.Item name="amount" label={text('console.desk.coupon.amount')} rules={[check(amountProblem)]}>
            <Input className="console-desk-coupon-amount" inputMode="decimal" maxLength={12} />
          </Form.Item>
        )}
        <Form.Item name="threshold" label={text('console.desk.coupon.threshold')} extra={text('console.desk.coupon.threshold.hint')} rules={[check(thresholdProblem)]}>
          <Input className="console-desk-coupon-threshold" inputMode="decimal" maxLength={12} />
        </Form.Item>
        <Form.Item name="validity" label={text('console.desk.coupon.validity')} rules={[{ required: true, message: text('console.desk.coupon.validity.required') }]}>
          <DatePicker.RangePicker className="console-desk-coupon-validity" allowClear={false} />
        </Form.Item>
        {mode === 'publish' ? (
          <Form.Item
            name="quantity"
            label={text('console.desk.coupon.quantity')}
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  if (!(typeof value === 'number' && Number.isInteger(value) && value >= 1)) throw new Error(text('console.desk.coupon.quantity.required'));
                },
              },
            ]}
          >
            <InputNumber className="console-desk-coupon-quantity" min={1} precision={0} />
          </Form.Item>
        ) : null}
        <Form.Item>
          <Button type="primary" htmlType="submit" className="console-desk-coupon-submit" loading={issuing.isLoading || publishing.isLoading}>
            {text(mode === 'issue' ? 'console.desk.coupon.issue.submit' : 'console.desk.coupon.publish.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/**
 * /admin/coupons (coupons.read; issuing and publishing need coupons.write): the published coupons
 * with their counts, the issued ones and their redemptions, and the two forms.
 */
export default function CouponsScreen() {
  const intl = useIntl();
  useConsoleDayjsLocale();
  const { can } = useStaffAccess();
  const [tab, setTab] = useState('templates');
  const text = (id: string) => intl.formatMessage({ id });
  const items = [
    { key: 'templates', label: text('console.desk.coupon.templates'), children: <TemplatesTab /> },
    { key: 'issued', label: text('console.desk.coupon.issuedTab'), children: <IssuedTab /> },
    ...(can('coupons.write')
      ? [
          { key: 'issue', label: text('console.desk.coupon.issue'), children: <CouponForm mode="issue" onDone={() => setTab('issued')} /> },
          { key: 'publish', label: text('console.desk.coupon.publish'), children: <CouponForm mode="publish" onDone={() => setTab('templates')} /> },
        ]
      : []),
  ];
  return (
    <div className="console-desk-coupons">
      <Space className="console-toolbar">
        <h2>{text('console.menu.coupons')}</h2>
      </Space>
      <Tabs className="console-desk-coupon-tabs" activeKey={tab} onChange={setTab} items={items} destroyOnHidden />
    </div>
  );
}
