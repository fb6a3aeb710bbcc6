import { Button, Form, Input, Select, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIntl, type IntlShape } from 'react-intl';
import { useAuditQuery, type AuditEntry, type AuditFilter } from '../../api/console-api';
import { formatDate } from '../../lib/format-date';
import { selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';

const PAGE_SIZE = 20;

/** `console.action.<action>` when the catalogue has it, else the action's own name. */
export function actionLabel(intl: IntlShape, action: string): string {
  const id = `console.action.${action}`;
  return id in intl.messages ? intl.formatMessage({ id }) : action;
}

/** The detail object on one line. */
export function compactDetail(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  if (typeof detail === 'string') return detail;
  try {
    return JSON.stringify(detail);
  } catch {
    return String(detail);
  }
}

const trimmed = (filter: AuditFilter): AuditFilter =>
  Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]).filter(([, value]) => value));

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

/**
 * /admin/audit (audit.read): the audit trail, filtered by staff id, actor kind, object type and
 * object id; the address may name the filter to start with (one object's trail).
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
        <Form.Item name="staff_id" label={intl.formatMessage({ id: 'console.audit.staffId' })}>
          <Input allowClear className="console-audit-staff" />
        </Form.Item>
        <Form.Item name="actor_kind" label={intl.formatMessage({ id: 'console.audit.actorKind' })}>
          <Select
            allowClear
            className="console-audit-actor-kind"
            placeholder={intl.formatMessage({ id: 'console.audit.actorKind.all' })}
            style={{ minWidth: 120 }}
            options={(['staff', 'operator'] as const).map((value) => ({ value, label: intl.formatMessage({ id: `console.audit.actor.${value}` }) }))}
          />
        </Form.Item>
        <Form.Item name="object_type" label={intl.formatMessage({ id: 'console.audit.objectType' })}>
          <Input allowClear className="console-audit-object-type" />
        </Form.Item>
        <Form.Item name="object_id" label={intl.formatMessage({ id: 'console.audit.objectId' })}>
          <Input allowClear className="console-audit-object-id" />
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
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showTotal: (total) => intl.formatMessage({ id: 'pagination.total' }, { total }),
        }}
        columns={[
          { key: 'at', title: intl.formatMessage({ id: 'console.audit.at' }), render: (_, entry) => formatDate(entry.at) },
          {
            key: 'actor',
            title: intl.formatMessage({ id: 'console.audit.actor' }),
            render: (_, entry) => `${intl.formatMessage({ id: `console.audit.actor.${entry.actor_kind}` })} ${entry.actor_name ?? entry.actor_id ?? ''}`.trim(),
          },
          { key: 'action', title: intl.formatMessage({ id: 'console.audit.action' }), render: (_, entry) => actionLabel(intl, entry.action) },
          { key: 'object_type', dataIndex: 'object_type', title: intl.formatMessage({ id: 'console.audit.objectType' }) },
          { key: 'object_id', dataIndex: 'object_id', title: intl.formatMessage({ id: 'console.audit.objectId' }) },
          {
            key: 'detail',
            title: intl.formatMessage({ id: 'console.audit.detail' }),
            render: (_, entry) => {
              const text = compactDetail(entry.detail);
              return (
                <Tooltip title={text}>
                  <code className="console-audit-detail">{text}</code>
                </Tooltip>
              );
            },
          },
        ]}
      />
    </div>
  );
}
