import { Button, Empty, Radio, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ImportReport, ImportReportRow } from '../../api/excel-api';
import { useSitePath } from '../../widgets/site-path';
import { fieldKey, outcomeKey, platformNameOf, reportCount, reportFilters, reportRows, type ReportFilter } from './excel-logic';

const OUTCOME_COLOURS: Record<string, string> = { created: 'success', duplicate: 'warning', failed: 'error', skipped: 'default' };

const orderDetailPath = (orderNo: string) => `/orderDetail?order_no=${encodeURIComponent(orderNo)}`;
/** The order list's 'pending payment' tab, where imported orders wait. */
const PENDING_ORDERS_PATH = '/orderList?tab=pending_payment';

function OrderLink({ orderNo }: { orderNo: string }) {
  const to = useSitePath();
  return (
    <Link to={to(orderDetailPath(orderNo))} className="excel-report-order">
      {orderNo}
    </Link>
  );
}

/** What became of a row: the new order, the existing one, or the reason (with its column) it failed or was skipped. */
function RowDetail({ row }: { row: ImportReportRow }) {
  const intl = useIntl();
  if (row.outcome === 'created') return row.order_no ? <OrderLink orderNo={row.order_no} /> : null;
  if (row.outcome === 'duplicate') {
    return (
      <span className="excel-report-existing">
        {intl.formatMessage({ id: 'excel.report.existing' })} {row.order_no ? <OrderLink orderNo={row.order_no} /> : null}
      </span>
    );
  }
  const field = fieldKey(row.field);
  return (
    <span className="excel-report-reason">
      {field ? <span className="excel-report-field">{intl.formatMessage({ id: field })}</span> : null}
      {row.reason}
    </span>
  );
}

/**
 * An import's report (`.excel-report`): the created / duplicate / failed counts, and the skipped
 * one when some were (each a filter), then one row per spreadsheet row (`.excel-report-row` with
 * `data-row` and `data-outcome`): its row number, platform (the server's localised name), source
 * order number, outcome, and the new order (linked), the existing order (duplicate) or the reason
 * and column (failed, skipped). New orders wait for payment: a link to the
 * order list's 'pending payment' tab.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  const intl = useIntl();
  const to = useSitePath();
  const [filter, setFilter] = useState<ReportFilter>('all');
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const rows = reportRows(report, filter);
  const skipped = reportCount(report, 'skipped');

  return (
    <div className="excel-report">
      <div className="excel-report-summary">
        <span className="excel-report-count excel-report-created" data-count={report.created}>
          {text('excel.report.created', { count: report.created })}
        </span>
        <span className="excel-report-count excel-report-duplicate" data-count={report.duplicate}>
          {text('excel.report.duplicate', { count: report.duplicate })}
        </span>
        <span className="excel-report-count excel-report-failed" data-count={report.failed}>
          {text('excel.report.failed', { count: report.failed })}
        </span>
        {skipped > 0 ? (
          <span className="excel-report-count excel-report-skipped" data-count={skipped}>
            {text('excel.report.skipped', { count: skipped })}
          </span>
        ) : null}
        {report.created > 0 ? (
          <Link to={to(PENDING_ORDERS_PATH)} className="excel-report-pay">
            <Button type="primary" size="small">
              {text('excel.report.pay')}
            </Button>
          </Link>
        ) : null}
      </div>
      {report.created > 0 ? <p className="excel-hint excel-report-pay-hint">{text('excel.report.payHint', { count: report.created })}</p> : null}
      <Radio.Group
        className="excel-report-filter"
        size="small"
        optionType="button"
        value={filter}
        onChange={(event) => setFilter(event.target.value as ReportFilter)}
        options={reportFilters(report).map((value) => ({
          value,
          label: (
            <span className={`excel-report-filter-${value}`}>
              {text(value === 'all' ? 'excel.kind.all' : `excel.outcome.${value}`)} {reportCount(report, value)}
            </span>
          ),
        }))}
      />
      {rows.length === 0 ? (
        <Empty className="excel-report-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('excel.report.empty')} />
      ) : (
        <div className="excel-table-wrap excel-report-wrap">
          <table className="excel-table excel-report-table">
            <thead>
              <tr>
                <th scope="col">{text('excel.report.row')}</th>
                <th scope="col">{text('order.platform')}</th>
                <th scope="col">{text('order.sourceOrderNo')}</th>
                <th scope="col">{text('excel.report.outcome')}</th>
                <th scope="col">{text('excel.report.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.row} className={`excel-report-row is-${row.outcome}`} data-row={row.row} data-outcome={row.outcome}>
                  <td className="excel-report-rowno">{row.row}</td>
                  <td className="excel-report-platform">{platformNameOf(row, text)}</td>
                  <td className="excel-report-source">{row.source_order_no}</td>
                  <td className="excel-report-outcome">
                    <Tag color={OUTCOME_COLOURS[row.outcome]}>{text(outcomeKey(row.outcome))}</Tag>
                  </td>
                  <td className="excel-report-detail">
                    <RowDetail row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
