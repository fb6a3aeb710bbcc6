import { Pagination } from 'antd';
import type { ReactNode } from 'react';
import { useDayjsLocale } from '../../widgets/dayjs-locale';
import { usePaginationTexts } from '../../widgets/pagination';

export { useDayjsLocale };

/** Page sizes of the fund tables (the API allows up to 100). */
const FUND_PAGE_SIZES = [10, 20, 50, 100] as const;
export const FUND_DEFAULT_PAGE_SIZE: number = FUND_PAGE_SIZES[0];

export interface FundColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  className?: string;
}

/**
 * A plain table for the fund lists. Ant Design's Table would bring its filter tree, menus and
 * dropdowns along, and the tree code would then be shared with (and loaded by) the catalogue's
 * category picker; these lists need none of that.
 */
export function FundTable<T>({
  columns,
  rows,
  rowKey,
  refreshing,
  empty,
  className,
}: {
  columns: FundColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  refreshing: boolean;
  empty: ReactNode;
  className: string;
}) {
  return (
    <div className={`fund-table-wrap${refreshing ? ' is-refreshing' : ''}`} aria-busy={refreshing}>
      <table className={`fund-table ${className}`}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.align === 'right' ? 'is-right' : undefined}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="fund-table-empty">
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={[c.className, c.align === 'right' ? 'is-right' : ''].filter(Boolean).join(' ') || undefined}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The pager of the fund lists with the spec's texts: '{total} items' and 'items/page'. */
export function FundPagination({
  page,
  pagesize,
  total,
  onChange,
}: {
  page: number;
  pagesize: number;
  total: number;
  onChange: (page: number, pagesize: number) => void;
}) {
  const { showTotal } = usePaginationTexts();
  if (total === 0) return null;
  return (
    <Pagination
      className="fund-pagination"
      current={page}
      pageSize={pagesize}
      total={total}
      showTotal={showTotal}
      showSizeChanger
      pageSizeOptions={FUND_PAGE_SIZES.map(String)}
      onChange={(next, size) => onChange(size !== pagesize ? 1 : next, size)}
    />
  );
}
