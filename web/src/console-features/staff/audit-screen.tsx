import { Button, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIntl } from 'react-intl';
import { useAuditQuery, useStaffListQuery, type AuditEntry, type AuditFilter } from '../../api/console-api';
import { formatDate } from '../../lib/format-date';
import { actionLabel, auditSentence } from './audit-sentence';
import { selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';

const PAGE_SIZE = 20;
/** The staff picker lists every account (the owner reads the trail; staff are few). */
const STAFF_PAGE = 100;

/** The filter as sent: trimmed, control characters dropped, empty fields left out. */
const trimmed = (filter: AuditFilter): AuditFilter =>
  Object.fromEntries(
    Object.entries(filter)
      .map(([key, value]) => [key, typeof value === 'string' ? value.replace(/\p{Cc}/gu, '').trim() : value])
      .filter(([, value]) => value),
  );

/** The filter the address starts with (`?object_type=product&object_id=P1`, from a product's or stall's row). */
export function filterFrom(params: URLSearchParams): AuditFilter {
  const kind = params.get('actor_kind');
  return trimmed({
    staff_id: params.get('staff_id') ?? undefined,
    actor_kind: kind === 'staff' || kind === 'operator' ? kind : undefined,
    object_type: params.get('object_type') ?? undefined,
    object_id: params.get('object_id') ?? undefined,
  });
}

/** The row's record as stored, for the one who asks to see it. */
export function rawRecord(entry: AuditEntry): string {
  const { action, object_type, object_id, actor_kind, actor_id, at, detail } = entry;
  return JSON.stringify({ action, object_type, object_id, actor_kind, actor_id, at, detail }, null, 2);
}

/**
 * /admin/audit (audit.read): the audit trail, each change as a sentence (money in yuan, times as
 * dates, names for people, products and stalls), filtered by staff member (picked by name), actor
 * kind, object type and object id; the raw record opens under a row on request. The address may
 * name the filter to start with (one object's trail).
 */
export default function AuditScreen() {
  const [params] = useSearchParams();
  // another object's link starts afresh
  return <AuditTrail key={params.toString()} start={filterFrom(params)} />;
}

function AuditTrail({ start }: { start: AuditFilter }) {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const [filter, setFilter] = useState<AuditFilter>(start);
  const [page, setPage] = useState(1);
  const { data, isFetching } = useAuditQuery({ token, ...filter, page, pagesize: PAGE_SIZE });
  const { data: staff } = useStaffListQuery({ token, page: 1, pagesize: STAFF_PAGE });
  const [opened, setOpened] = useState<number[]>([]);
  const toggle = (id: number) => setOpened((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));

  return (
    <div className="console-audit">
      <h2>{intl.formatMessage({ id: 'console.menu.audit' })}</h2>
      <Form<AuditFilter>
        layout="inline"
        className="console-audit-filter"
        initialValues={filter}
        onFinish={(values) => {
          setFilter(trimmed(values));
          setPage(1);
        }}
      >
        <Form.Item name="staff_id" label={intl.formatMessage({ id: 'console.audit.staff' })}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            className="console-audit-staff"
            placeholder={intl.formatMessage({ id: 'console.audit.staff.placeholder' })}
            options={(staff?.list ?? []).map((member) => ({
              value: member.id,
              label: `${member.name} (${intl.formatMessage({ id: `console.role.${member.role}` })})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="actor_kind" label={intl.formatMessage({ id: 'console.audit.actorKind' })}>
          <Select
            allowClear
            className="console-audit-actor-kind"
            placeholder={intl.formatMessage({ id: 'console.audit.actorKind.all' })}
            options={(['staff', 'operator'] as const).map((value) => ({ value, label: intl.formatMessage({ id: `console.audit.actor.${value}` }) }))}
          />
        </Form.Item>
        <Form.Item name="object_type" label={intl.formatMessage({ id: 'console.audit.objectType' })}>
          <Input allowClear className="console-audit-object-type" maxLength={40} />
        </Form.Item>
        <Form.Item name="object_id" label={intl.formatMessage({ id: 'console.audit.objectId' })}>
          <Input allowClear className="console-audit-object-id" maxLength={64} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" className="console-audit-search">
              {intl.formatMessage({ id: 'console.search' })}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        className="console-audit-table"
        tableLayout="fixed"
        loading={isFetching}
        dataSource={data?.list ?? []}
        expandable={{
          expandedRowKeys: opened,
          showExpandColumn: false,
          expandedRowRender: (entry) => (
            <pre className="console-audit-raw" translate="no">
              {rawRecord(entry)}
            </pre>
          ),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showTotal: (total) => intl.formatMessage({ id: 'pagination.total' }, { total }),
        }}
        columns={[
          { key: 'at', width: 180, className: 'console-audit-at', title: intl.formatMessage({ id: 'console.audit.at' }), render: (_, entry) => formatDate(entry.at) },
          {
            key: 'actor',
            width: 160,
            ellipsis: true,
            className: 'console-audit-actor',
            title: intl.formatMessage({ id: 'console.audit.actor' }),
            render: (_, entry) => `${intl.formatMessage({ id: `console.audit.actor.${entry.actor_kind}` })} ${entry.actor_name ?? entry.actor_id ?? ''}`.trim(),
          },
          { key: 'action', width: 160, ellipsis: true, className: 'console-audit-action', title: intl.formatMessage({ id: 'console.audit.action' }), render: (_, entry) => actionLabel(intl, entry.action) },
          {
            key: 'sentence',
            className: 'console-audit-sentence',
            title: intl.formatMessage({ id: 'console.audit.what' }),
            render: (_, entry) => auditSentence(intl, entry, (text) => <span translate="no">{text}</span>),
          },
          {
            key: 'raw',
            width: 140,
            title: intl.formatMessage({ id: 'console.audit.raw' }),
            render: (_, entry) => (
              <Button type="link" size="small" className="console-audit-raw-toggle" aria-expanded={opened.includes(entry.id)} onClick={() => toggle(entry.id)}>
                {intl.formatMessage({ id: opened.includes(entry.id) ? 'console.audit.raw.hide' : 'console.audit.raw.show' })}
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
