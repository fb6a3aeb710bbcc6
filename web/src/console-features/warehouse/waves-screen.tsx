import { Alert, Button, Form, Modal, Radio, Select, Space, Table } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useMarketsQuery, useStallsQuery } from '../../api/console-directory-api';
import { useCreateWaveMutation, useWavesQuery, type NewWaveBody, type Wave, type WaveFilter } from './warehouse-api';
import { formatDate } from '../../lib/format-date';
import { nameIn } from '../../lib/languages';
import { failureText, refusedField } from '../../lib/refusal';
import { toast } from '../../lib/toast';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { wavePath } from './links';
import { waveActor, waveScope, WaveStatusTag } from './wave-parts';

const PAGE_SIZE = 20;
/** The most stalls the picker lists (one page of the stall list). */
const STALLS_SHOWN = 100;

type Scope = 'all' | 'open' | 'closed';

/**
 * A new wave of the paid orders waiting for stock, of one market or stall or of all; none there
 * is refused with the server's words, shown in the dialog. Made, its pick list opens.
 */
function NewWaveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const [form] = Form.useForm<NewWaveBody>();
  const market = Form.useWatch('market_id', form);
  const markets = useMarketsQuery({ token }, { skip: !open });
  const stalls = useStallsQuery({ token, page: 1, pagesize: STALLS_SHOWN, ...(market ? { market_id: market } : {}) }, { skip: !open });
  const [create, { isLoading }] = useCreateWaveMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const text = (id: string) => intl.formatMessage({ id });

  const onFinish = async (values: NewWaveBody) => {
    setRefusal(null);
    let wave: Wave;
    try {
      wave = await create({ ...(values.market_id ? { market_id: values.market_id } : {}), ...(values.stall_id ? { stall_id: values.stall_id } : {}) }).unwrap();
    } catch (error) {
      const msg = failureText(error) ?? text('error.http.other');
      const field = refusedField(error);
      if (field === 'market_id' || field === 'stall_id') form.setFields([{ name: field, errors: [msg] }]);
      else setRefusal(msg);
      return;
    }
    void toast(text('console.warehouse.wave.created'), 'success');
    onClose();
    void navigate(wavePath(wave.id));
  };

  return (
    <Modal
      open={open}
      title={text('console.warehouse.wave.new')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okText={text('console.warehouse.wave.create')}
      cancelText={text('console.cancel')}
      className="console-wave-new-modal"
      destroyOnHidden
      afterClose={() => setRefusal(null)}
    >
      <p className="console-hint">{text('console.warehouse.wave.new.hint')}</p>
      <Form<NewWaveBody> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} onValuesChange={() => setRefusal(null)}>
        <Form.Item name="market_id" label={text('console.warehouse.wave.market')}>
          <Select
            allowClear
            className="console-wave-market"
            placeholder={text('console.warehouse.wave.anyMarket')}
            loading={markets.isLoading}
            options={(markets.data ?? []).map((m) => ({ value: m.id, label: nameIn(language, m) }))}
            onChange={() => form.setFieldValue('stall_id', undefined)}
          />
        </Form.Item>
        <Form.Item name="stall_id" label={text('console.warehouse.wave.stall')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            className="console-wave-stall"
            placeholder={text('console.warehouse.wave.anyStall')}
            loading={stalls.isFetching}
            options={(stalls.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.floor} ${s.number})` }))}
          />
        </Form.Item>
      </Form>
      {refusal ? <Alert type="warning" showIcon className="console-wave-refusal" title={refusal} /> : null}
    </Modal>
  );
}

/**
 * /admin/waves (orders.read): the pick waves, newest first, open or closed, with pages; with
 * orders.write a new wave. Each opens its pick list.
 */
export default function WavesScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { can } = useStaffAccess();
  const [scope, setScope] = useState<Scope>('all');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const filter: WaveFilter = scope === 'all' ? {} : { status: scope };
  const { data, isFetching } = useWavesQuery({ token, language, ...filter, page, pagesize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const text = (id: string) => intl.formatMessage({ id });

  return (
    <div className="console-waves">
      <Space className="console-toolbar">
        <h2>{text('console.menu.waves')}</h2>
        {can('orders.write') ? (
          <Button type="primary" className="console-wave-new" onClick={() => setCreating(true)}>
            {text('console.warehouse.wave.new')}
          </Button>
        ) : null}
      </Space>
      <Space className="console-filter">
        <Radio.Group
          optionType="button"
          className="console-wave-filter"
          value={scope}
          onChange={(event) => {
            setScope(event.target.value as Scope);
            setPage(1);
          }}
          options={(['all', 'open', 'closed'] as const).map((value) => ({ value, label: text(`console.warehouse.wave.filter.${value}`), className: `console-wave-filter-${value}` }))}
        />
      </Space>
      <Table<Wave>
        rowKey="id"
        className="console-wave-table"
        loading={isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        onRow={(wave) => ({ 'data-id': wave.id, 'data-status': wave.status }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (total) => intl.formatMessage({ id: 'pagination.total' }, { total }),
        }}
        columns={[
          {
            key: 'id',
            title: text('console.warehouse.wave.id'),
            render: (_, wave) => (
              <Link to={wavePath(wave.id)} className="console-wave-open">
                {wave.id}
              </Link>
            ),
          },
          { key: 'status', title: text('console.warehouse.wave.status'), render: (_, wave) => <WaveStatusTag status={wave.status} /> },
          { key: 'scope', title: text('console.warehouse.wave.scope'), render: (_, wave) => waveScope(intl, wave) },
          { key: 'orders', dataIndex: 'order_count', title: text('console.warehouse.wave.orders') },
          { key: 'lines', dataIndex: 'line_count', title: text('console.warehouse.wave.lines') },
          { key: 'quantity', dataIndex: 'quantity', title: text('console.warehouse.wave.quantity') },
          { key: 'missed', dataIndex: 'missed', title: text('console.warehouse.wave.missed') },
          { key: 'created', title: text('console.warehouse.wave.created_at'), render: (_, wave) => `${formatDate(wave.created_at, 'YYYY-MM-DD HH:mm')} ${waveActor(intl, wave.created_by)}` },
          { key: 'closed', title: text('console.warehouse.wave.closed_at'), render: (_, wave) => (wave.closed_at ? `${formatDate(wave.closed_at, 'YYYY-MM-DD HH:mm')} ${waveActor(intl, wave.closed_by)}` : '') },
        ]}
      />
      <NewWaveDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
