import { Button, Descriptions, Drawer, Empty, Result, Skeleton, Space, Table, Tabs } from 'antd';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useStaffAfterSaleQuery, useStaffAfterSalesQuery, type StaffAfterSale, type StaffAfterSaleDetail } from './desk-api';
import { afterSaleStatusKey, REFUND_KINDS } from '../../lib/after-sale';
import { formatDate } from '../../lib/format-date';
import { failureText } from '../../lib/refusal';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { ReasonText } from '../../widgets/after-sale-reason';
import { AfterSaleActions } from './after-sale-actions';
import { courierName, kindName, SaleBreakdown, SaleImages, SaleLines, SaleStatus, SaleTimeline } from './after-sale-parts';
import { QUEUE_TABS } from './after-sale-steps';
import { deskPagination, DESK_PAGE_SIZE, PhoneSearch, SellerCell, sellerOf, yuan } from './desk-parts';

/** One after-sale: what was asked, the items, the refund, the history and the steps its status allows. */
function AfterSaleDetail({ sale, canWrite, onRefund }: { sale: StaffAfterSaleDetail; canWrite: boolean; onRefund: () => void }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const facts: { key: string; label: string; value: ReactNode }[] = [
    { key: 'status', label: text('afterSale.status'), value: <SaleStatus status={sale.status} /> },
    { key: 'kind', label: text('afterSale.kind'), value: kindName(intl, sale.kind) },
    { key: 'order', label: text('order.orderNo'), value: sale.order_no },
    { key: 'seller', label: text('console.desk.seller'), value: sellerOf(sale) },
    { key: 'quantity', label: text('afterSale.quantity'), value: sale.quantity },
    { key: 'applied', label: text('afterSale.appliedAt'), value: formatDate(sale.applied_at) },
    { key: 'updated', label: text('afterSale.updatedAt'), value: formatDate(sale.updated_at) },
  ];
  // the parcel the order left in: what an interception quotes to the courier
  if (sale.order?.tracking_no)
    facts.push({ key: 'sent', label: text('console.desk.afterSale.sentParcel'), value: `${courierName(intl, sale.order.courier)} ${sale.order.tracking_no}` });
  if (sale.return_deadline) facts.push({ key: 'deadline', label: text('afterSale.returnDeadline'), value: formatDate(sale.return_deadline) });
  if (sale.return_tracking_no)
    facts.push({ key: 'return', label: text('console.desk.afterSale.returnParcel'), value: `${courierName(intl, sale.return_courier)} ${sale.return_tracking_no}` });
  if (sale.wrong_item || sale.wrong_station)
    facts.push({
      key: 'received',
      label: text('console.desk.afterSale.receivedAs'),
      value: [sale.wrong_item ? text('afterSale.timeline.wrongItem') : '', sale.wrong_station ? text('afterSale.timeline.wrongStation') : ''].filter(Boolean).join('; '),
    });
  if (sale.reject_reason) facts.push({ key: 'rejected', label: text('console.desk.afterSale.rejectReason'), value: sale.reject_reason });
  if (sale.replacement_tracking_no)
    facts.push({
      key: 'replacement',
      label: text('console.desk.afterSale.replacement'),
      value: intl.formatMessage({ id: 'afterSale.replacement' }, { courier: courierName(intl, sale.replacement_courier), no: sale.replacement_tracking_no }),
    });
  if (sale.refunded_at) facts.push({ key: 'refunded', label: text('afterSale.refundedAt'), value: formatDate(sale.refunded_at) });

  return (
    <div className="console-desk-sale" data-id={sale.id} data-status={sale.status}>
      {canWrite ? <AfterSaleActions sale={sale} onRefund={onRefund} /> : null}
      <Descriptions size="small" column={2} className="console-desk-sale-facts" items={facts.map(({ key, label, value }) => ({ key, label, children: value }))} />
      <h4>{text('afterSale.reason')}</h4>
      <p className="console-desk-sale-reason">
        <ReasonText reason={sale.reason} />
      </p>
      {sale.description ? (
        <>
          <h4>{text('afterSale.description')}</h4>
          <p className="console-desk-sale-description">{sale.description}</p>
        </>
      ) : null}
      {sale.images.length > 0 ? (
        <>
          <h4>{text('afterSale.images')}</h4>
          <SaleImages images={sale.images} />
        </>
      ) : null}
      <h4>{text('afterSale.goods')}</h4>
      <SaleLines lines={sale.lines} />
      <h4>{text(sale.refunded ? 'afterSale.breakdown.titleRefunded' : 'afterSale.breakdown.titleEstimate')}</h4>
      {REFUND_KINDS.includes(sale.kind) ? (
        <SaleBreakdown breakdown={sale.breakdown} refunded={sale.refunded} />
      ) : (
        <p className="console-hint">{text('afterSale.breakdown.noRefund')}</p>
      )}
      <h4>{text('afterSale.timeline')}</h4>
      <SaleTimeline timeline={sale.timeline} />
    </div>
  );
}

/** The drawer of the after-sale `id`: asked each time it opens, and again after every step. */
function AfterSaleDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { can } = useStaffAccess();
  const { data, error, isFetching, refetch } = useStaffAfterSaleQuery({ token, language, id: id ?? '' }, { skip: !id, refetchOnMountOrArgChange: true });
  const sale = data && data.id === id ? data : undefined;
  let body: ReactNode;
  if (sale) body = <AfterSaleDetail sale={sale} canWrite={can('aftersales.write')} onRefund={() => void refetch()} />;
  else if (error && !isFetching)
    body = (
      <Result
        status="warning"
        className="console-desk-sale-missing"
        title={failureText(error) ?? intl.formatMessage({ id: 'afterSale.loadFailed' })}
        extra={<Button onClick={() => void refetch()}>{intl.formatMessage({ id: 'console.retry' })}</Button>}
      />
    );
  else body = <Skeleton active />;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      className="console-desk-sale-drawer"
      title={id ? intl.formatMessage({ id: 'console.desk.afterSale.title' }, { id }) : ''}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}

/**
 * /admin/aftersales (aftersales.read; steps need aftersales.write): the review queue, what waits
 * for review first, one tab per status; a row opens its after-sale in a drawer with the steps its
 * status allows.
 */
export default function AfterSalesScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const [status, setStatus] = useState<string>(QUEUE_TABS[0]!);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [mobile, setMobile] = useState('');
  const { data, isFetching } = useStaffAfterSalesQuery({ token, language, status, mobile, page, pagesize: DESK_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const text = (id: string) => intl.formatMessage({ id });
  const tabLabel = (code: string) => (code === '' ? text('afterSale.tab.all') : text(afterSaleStatusKey(code)));

  return (
    <div className="console-desk-aftersales">
      <Space className="console-toolbar">
        <h2>{text('console.menu.aftersales')}</h2>
        <PhoneSearch
          inputClass="console-desk-sale-mobile"
          buttonClass="console-desk-sale-search"
          onSearch={(digits) => {
            setMobile(digits);
            setPage(1);
          }}
        />
      </Space>
      <Tabs
        className="console-desk-sale-tabs"
        activeKey={status || 'all'}
        onChange={(key) => {
          setStatus(key === 'all' ? '' : key);
          setPage(1);
        }}
        items={QUEUE_TABS.map((code) => ({ key: code || 'all', label: tabLabel(code) }))}
      />
      <Table<StaffAfterSale>
        rowKey="id"
        className="console-desk-sale-table"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('afterSale.list.emptyFiltered')} /> }}
        onRow={(sale) => ({ 'data-id': sale.id, 'data-status': sale.status }) as HTMLAttributes<HTMLElement>}
        pagination={deskPagination(intl, page, data?.total ?? 0, setPage)}
        columns={[
          { key: 'id', title: text('afterSale.id'), render: (_, sale) => sale.id },
          { key: 'order', title: text('order.orderNo'), render: (_, sale) => sale.order_no },
          { key: 'seller', title: text('console.desk.seller'), render: (_, sale) => <SellerCell row={sale} /> },
          { key: 'kind', title: text('afterSale.kind'), render: (_, sale) => kindName(intl, sale.kind) },
          { key: 'status', title: text('afterSale.status'), render: (_, sale) => <SaleStatus status={sale.status} /> },
          { key: 'quantity', title: text('afterSale.quantity'), align: 'right', render: (_, sale) => sale.quantity },
          { key: 'refund', title: text('afterSale.refundAmount'), align: 'right', render: (_, sale) => (REFUND_KINDS.includes(sale.kind) ? yuan(intl, sale.refund_amount) : '') },
          { key: 'applied', title: text('afterSale.appliedAt'), render: (_, sale) => formatDate(sale.applied_at) },
          {
            key: 'open',
            title: text('console.actions'),
            render: (_, sale) => (
              <Button type="link" className="console-desk-sale-open" onClick={() => setOpen(sale.id)}>
                {text('console.desk.afterSale.open')}
              </Button>
            ),
          },
        ]}
      />
      <AfterSaleDrawer id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
