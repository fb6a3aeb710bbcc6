import { Button, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { useAreaSitesQuery, useMarketsQuery, useSaveMarketMutation, type Market, type MarketBody } from './catalogue-api';
import { toast } from '../../lib/toast';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { showRefusal } from '../../widgets/form-refusal';
import { areaSiteName, nameIn } from './names';

type MarketValues = Omit<MarketBody, 'id'>;

const FIELDS = ['area_site_id', 'name_zh', 'name_en', 'sort'] as const;

/** Add (`market` undefined) or edit a market: area site, Chinese and English names, sort. */
function MarketDialog({ market, onClose }: { market: Market | null | undefined; onClose: () => void }) {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const [form] = Form.useForm<MarketValues>();
  const sites = useAreaSitesQuery({ token }, { skip: market === null });
  const [save, { isLoading }] = useSaveMarketMutation();
  const text = (id: string) => intl.formatMessage({ id });
  const onFinish = async (values: MarketValues) => {
    try {
      await save({ ...(market ? { id: market.id } : {}), ...values, name_en: values.name_en ?? '', sort: values.sort ?? 0 }).unwrap();
    } catch (error) {
      showRefusal(form, error, FIELDS);
      return;
    }
    void toast(text('console.saved'), 'success');
    onClose();
  };
  return (
    <Modal
      open={market !== null}
      title={text(market ? 'console.market.edit' : 'console.market.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okText={text('console.save')}
      cancelText={text('console.cancel')}
      className="console-market-modal"
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={market ? { area_site_id: market.area_site_id, name_zh: market.name_zh, name_en: market.name_en, sort: market.sort } : { sort: 0 }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item name="area_site_id" label={text('console.market.areaSite')} rules={[{ required: true, message: text('console.market.areaSite.required') }]}>
          <Select
            className="console-market-site"
            loading={sites.isLoading}
            options={(sites.data ?? []).map((site) => ({ value: site.id, label: nameIn(language, site) }))}
          />
        </Form.Item>
        <Form.Item name="name_zh" label={text('console.nameZh')} rules={[{ required: true, whitespace: true, message: text('console.nameZh.required') }, { max: 30 }]}>
          <Input className="console-market-name-zh" />
        </Form.Item>
        <Form.Item name="name_en" label={text('console.nameEn')} extra={text('console.nameEn.hint')} rules={[{ max: 30 }]}>
          <Input className="console-market-name-en" />
        </Form.Item>
        <Form.Item name="sort" label={text('console.sort')} extra={text('console.sort.hint')}>
          <InputNumber className="console-market-sort" precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/markets (catalogue.read; not for a stall account): the markets; add and edit with catalogue.write. */
export default function MarketsScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { can } = useStaffAccess();
  const { data, isFetching } = useMarketsQuery({ token });
  const sites = useAreaSitesQuery({ token });
  // undefined: adding; null: closed
  const [editing, setEditing] = useState<Market | null | undefined>(null);
  const text = (id: string) => intl.formatMessage({ id });
  const writable = can('catalogue.write');

  return (
    <div className="console-markets">
      <Space className="console-toolbar">
        <h2>{text('console.menu.markets')}</h2>
        {writable ? (
          <Button type="primary" className="console-market-add" onClick={() => setEditing(undefined)}>
            {text('console.market.add')}
          </Button>
        ) : null}
      </Space>
      <Table<Market>
        rowKey="id"
        className="console-market-table"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        onRow={(market) => ({ 'data-id': market.id }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'name_zh', dataIndex: 'name_zh', title: text('console.nameZh') },
          { key: 'name_en', dataIndex: 'name_en', title: text('console.nameEn') },
          { key: 'site', title: text('console.market.areaSite'), render: (_, market) => areaSiteName(language, sites.data, market.area_site_id) },
          { key: 'sort', dataIndex: 'sort', title: text('console.sort') },
          { key: 'stalls', dataIndex: 'stall_count', title: text('console.market.stallCount') },
          ...(writable
            ? [
                {
                  key: 'actions',
                  title: text('console.actions'),
                  render: (_: unknown, market: Market) => (
                    <Button size="small" className="console-market-edit" onClick={() => setEditing(market)}>
                      {text('console.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {/* a dialog of its own for each market opened (its form starts from that market) */}
      <MarketDialog key={editing === null ? 'closed' : (editing?.id ?? 'new')} market={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
