import { useIntl } from 'react-intl';

/**
 * Pagination texts of spec section 9 for antd tables and lists: '{total} items'; 'items/page' comes
 * with the Ant Design locale (see locale.ts).
 */
export function usePaginationTexts(): { showTotal: (total: number) => string } {
  const intl = useIntl();
  return { showTotal: (total) => intl.formatMessage({ id: 'pagination.total' }, { total }) };
}
