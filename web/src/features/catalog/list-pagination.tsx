import { Pagination } from 'antd';
import { usePaginationTexts } from '../../widgets/pagination';
import { PAGE_SIZES } from './list-filters';

/** The lists' pager with the spec's texts: '{total} items' and 'items/page'. */
export function ListPagination({ page, pagesize, total, onChange }: { page: number; pagesize: number; total: number; onChange: (page: number, pagesize: number) => void }) {
  const { showTotal } = usePaginationTexts();
  if (total === 0) return null;
  return (
    <Pagination
      className="list-pagination"
      current={page}
      pageSize={pagesize}
      total={total}
      showTotal={showTotal}
      showSizeChanger
      pageSizeOptions={PAGE_SIZES.map(String)}
      onChange={(nextPage, nextSize) => onChange(nextSize !== pagesize ? 1 : nextPage, nextSize)}
    />
  );
}
