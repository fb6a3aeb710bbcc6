import { Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { STALL_STATUSES, useCategoriesQuery, useMarketsQuery, useSaveStallMutation, useStallsQuery, type Stall, type StallBody } from './catalogue-api';
import { toast } from '../../lib/toast';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { auditPath } from './links';
import { showRefusal } from '../../widgets/form-refusal';
import { categoryPath, marketOf, nameIn } from './names';
import { useCategoryChoices } from './pickers';

const PAGE_SIZE = 20;

type StallValues = Omit<StallBody, 'id'>;

const FIELDS = ['market_id', 'name', 'floor', 'number', 'contact', 'wechat', 'category_id', 'status'] as const;

/**
 * Add (`stall` undefined) or edit a stall. A stall account edits its own stalls only and cannot
 * move one to another market (the market is shown, not chosen) nor open or close it.
 */
function StallDialog({ stall, onClose }: { stall: Stall | null | undefined; onClose: () => void }) {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { isStall } = useStaffAccess();
  const [form] = Form.useForm<StallValues>();
  const markets = useMarketsQuery({ token });
  const categories = useCategoryChoices();
  const [save, { isLoading }] = useSaveStallMutation();
  const text = (id: string) => intl.formatMessage({ id });
  const onFinish = async (values: StallValues) => {
    try {
      await save({
        ...(stall ? { id: stall.id } : {}),
        market_id: values.market_id,
        name: values.name,
        floor: values.floor,
        number: values.number,
        contact: values.contact ?? '',
        wechat: values.wechat ?? '',
        category_id: values.category_id,
        ...(isStall ? {} : { status: values.status ?? 'open' }),
      }).unwrap();
    } catch (error) {
      showRefusal(form, error, FIELDS);
      return;
    }
    void toast(text('console.saved'), 'success');
    onClose();
  };
  const required = (id: string) => ({ required: true, whitespace: true, message: text(id) });
  return (
    <Modal
      open={stall !== null}
      title={text(stall ? 'console.stall.edit' : 'console.stall.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okText={text('console.save')}
      cancelText={text('console.cancel')}
      className="console-stall-modal"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ ...stall, status: stall?.status ?? 'open' }} onFinish={(v) => void onFinish(v)}>
        <Form.Item
          name="market_id"
          label={text('console.stall.market')}
          extra={isStall ? text('console.stall.market.fixed') : undefined}
          rules={[{ required: true, message: text('console.stall.market.required') }]}
        >
          <Select
            className="console-stall-market"
            disabled={isStall}
            loading={markets.isLoading}
            options={(markets.data ?? []).map((m) => ({ value: m.id, label: nameIn(language, m) }))}
          />
        </Form.Item>
        <Form.Item name="name" label={text('console.stall.name')} rules={[required('console.stall.name.required'), { max: 30 }]}>
          <Input className="console-stall-name" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="floor" label={text('console.stall.floor')} rules={[required('console.stall.floor.required'), { max: 50 }]} style={{ flex: 1 }}>
            <Input className="console-stall-floor" />
          </Form.Item>
          <Form.Item name="number" label={text('console.stall.number')} rules={[required('console.stall.number.required'), { max: 50 }]} style={{ flex: 1, marginLeft: 8 }}>
            <Input className="console-stall-number" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="contact" label={text('console.stall.contact')} rules={[{ max: 50 }]}>
          <Input className="console-stall-contact" />
        </Form.Item>
        <Form.Item name="wechat" label={text('console.stall.wechat')} rules={[{ max: 50 }]}>
          <Input className="console-stall-wechat" />
        </Form.Item>
        <Form.Item name="category_id" label={text('console.stall.category')} rules={[{ required: true, message: text('console.stall.category.required') }]}>
          <Select className="console-stall-category" showSearch optionFilterProp="label" options={categories} />
        </Form.Item>
        {isStall ? null : (
          <Form.Item name="status" label={text('console.stall.status')} extra={text('console.stall.status.hint')}>
            <Select className="console-stall-status" options={STALL_STATUSES.map((value) => ({ value, label: text(`console.stall.status.${value}`) }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * /admin/stalls (catalogue.read): the stalls by market, with paging; add and edit with
 * catalogue.write. A stall account sees its own stalls, edits them, and adds none.
 */
export default function StallsScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { can, isStall } = useStaffAccess();
  const [market, setMarket] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useStallsQuery({ token, page, pagesize: PAGE_SIZE, ...(market ? { market_id: market } : {}) });
  const markets = useMarketsQuery({ token });
  const categories = useCategoriesQuery({ token });
  // undefined: adding; null: closed
  const [editing, setEditing] = useState<Stall | null | undefined>(null);
  const text = (id: string) => intl.formatMessage({ id });
  const writable = can('catalogue.write');

  return (
    <div className="console-stalls">
      <Space className="console-toolbar">
        <h2>{text('console.menu.stalls')}</h2>
        {writable && !isStall ? (
          <Button type="primary" className="console-stall-add" onClick={() => setEditing(undefined)}>
            {text('console.stall.add')}
          </Button>
        ) : null}
      </Space>
      {isStall ? null : (
        <Space className="console-filter">
          <Select
            allowClear
            className="console-stall-market-filter"
            style={{ minWidth: 240 }}
            placeholder={text('console.stall.allMarkets')}
            value={market}
            onChange={(value: string | undefined) => {
              setMarket(value);
              setPage(1);
            }}
            options={(markets.data ?? []).map((m) => ({ value: m.id, label: nameIn(language, m) }))}
          />
        </Space>
      )}
      <Table<Stall>
        rowKey="id"
        className="console-stall-table"
        loading={isFetching}
        dataSource={data?.list ?? []}
        onRow={(stall) => ({ 'data-id': stall.id }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showTotal: (total) => intl.formatMessage({ id: 'pagination.total' }, { total }),
        }}
        columns={[
          { key: 'market', title: text('console.stall.market'), render: (_, stall) => marketOf(language, markets.data, stall) },
          { key: 'name', dataIndex: 'name', title: text('console.stall.name') },
          { key: 'floor', dataIndex: 'floor', title: text('console.stall.floor') },
          { key: 'number', dataIndex: 'number', title: text('console.stall.number') },
          { key: 'contact', dataIndex: 'contact', title: text('console.stall.contact') },
          { key: 'wechat', dataIndex: 'wechat', title: text('console.stall.wechat') },
          { key: 'category', title: text('console.stall.category'), render: (_, stall) => categoryPath(language, categories.data, stall.category_id) },
          {
            key: 'status',
            title: text('console.stall.status'),
            render: (_, stall) =>
              stall.status === 'closed' ? (
                <Tag className="console-stall-state is-closed">{text('console.stall.status.closed')}</Tag>
              ) : (
                <Tag color="green" className="console-stall-state is-open">
                  {text('console.stall.status.open')}
                </Tag>
              ),
          },
          {
            key: 'products',
            title: text('console.productCount'),
            render: (_, stall) => <Link to={`/products?stall=${encodeURIComponent(stall.id)}`} className="console-stall-products">{stall.product_count}</Link>,
          },
          {
            key: 'actions',
            title: text('console.actions'),
            render: (_, stall) => (
              <Space>
                {writable ? (
                  <Button size="small" className="console-stall-edit" onClick={() => setEditing(stall)}>
                    {text('console.edit')}
                  </Button>
                ) : null}
                {can('audit.read') ? (
                  <Link to={auditPath('stall', stall.id)} className="console-stall-audit">
                    {text('console.auditLink')}
                  </Link>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {/* a dialog of its own for each stall opened (its form starts from that stall) */}
      <StallDialog key={editing === null ? 'closed' : (editing?.id ?? 'new')} stall={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
