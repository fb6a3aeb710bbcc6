import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  STAFF_ROLES,
  useAddStaffMutation,
  useChangeStaffRoleMutation,
  useConsoleSiteQuery,
  useDisableStaffMutation,
  useStaffListQuery,
  useStallOptionsQuery,
  type Staff,
  type StaffRole,
} from '../../api/console-api';
import { formatDate } from '../../lib/format-date';
import { formRule } from '../../lib/form-rules';
import { rsaEncrypt } from '../../lib/rsa';
import { toast } from '../../lib/toast';
import { validateMobile, validatePassword } from '../../lib/validators';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { staffAuditPath } from './links';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';

const PAGE_SIZE = 20;

interface RoleValues {
  role: StaffRole;
  stall_ids?: string[];
}

interface AddValues extends RoleValues {
  mobile: string;
  name: string;
  password: string;
}

/** Role and, for a stall account, its stalls: shared by the add and change-role dialogs. */
function RoleFields({ role }: { role: StaffRole | undefined }) {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const stalls = useStallOptionsQuery({ token }, { skip: role !== 'stall' });
  return (
    <>
      <Form.Item name="role" label={intl.formatMessage({ id: 'console.staff.role' })} rules={[{ required: true, message: intl.formatMessage({ id: 'console.staff.role.required' }) }]}>
        <Select className="console-staff-role-select" options={STAFF_ROLES.map((value) => ({ value, label: intl.formatMessage({ id: `console.role.${value}` }) }))} />
      </Form.Item>
      {role === 'stall' ? (
        <Form.Item name="stall_ids" label={intl.formatMessage({ id: 'console.staff.stalls' })} rules={[{ required: true, message: intl.formatMessage({ id: 'console.staff.stalls.required' }) }]}>
          <Select
            mode="multiple"
            className="console-staff-stalls-select"
            loading={stalls.isLoading}
            optionFilterProp="label"
            options={(stalls.data ?? []).map((stall) => ({ value: stall.id, label: `${stall.market_name} · ${stall.name}` }))}
          />
        </Form.Item>
      ) : null}
    </>
  );
}

function AddStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<AddValues>();
  const language = useConsoleSelector(selectConsoleLanguage);
  const site = useConsoleSiteQuery({ language });
  const [add, { isLoading }] = useAddStaffMutation();
  const role = Form.useWatch('role', form);
  const onFinish = async (values: AddValues) => {
    const password = await rsaEncrypt(values.password, site.data?.rsa_public_key);
    if (!password) {
      void toast(intl.formatMessage({ id: 'auth.encryptFailed' }), 'error');
      return;
    }
    try {
      await add({
        mobile: values.mobile.trim(),
        name: values.name.trim(),
        password,
        role: values.role,
        stall_ids: values.role === 'stall' ? (values.stall_ids ?? []) : [],
      }).unwrap();
    } catch (error) {
      // the base query has toasted why; a refusal that names a field of the form is shown under it too
      const field = ((error as { data?: { field?: unknown } }).data ?? {}).field;
      const msg = (error as { msg?: unknown }).msg;
      if (typeof field === 'string' && typeof msg === 'string' && ['mobile', 'name', 'password'].includes(field)) {
        form.setFields([{ name: field as keyof AddValues, errors: [msg] }]);
      }
      return;
    }
    void toast(intl.formatMessage({ id: 'console.staff.added' }), 'success');
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: 'console.staff.add' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okText={intl.formatMessage({ id: 'console.save' })}
      cancelText={intl.formatMessage({ id: 'console.cancel' })}
      className="console-staff-add-modal"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="mobile" label={intl.formatMessage({ id: 'auth.mobile' })} rules={[formRule(intl, validateMobile)]}>
          <Input className="console-staff-mobile" />
        </Form.Item>
        <Form.Item name="name" label={intl.formatMessage({ id: 'console.staff.name' })} rules={[{ required: true, whitespace: true, message: intl.formatMessage({ id: 'console.staff.name.required' }) }]}>
          <Input className="console-staff-name-input" />
        </Form.Item>
        <Form.Item
          name="password"
          label={intl.formatMessage({ id: 'auth.password' })}
          extra={<span className="console-staff-password-rule">{intl.formatMessage({ id: 'validation.password.format' })}</span>}
          rules={[formRule(intl, validatePassword)]}
        >
          <Input.Password autoComplete="new-password" className="console-staff-password" />
        </Form.Item>
        <RoleFields role={role} />
      </Form>
    </Modal>
  );
}

function ChangeRoleDialog({ staff, onClose }: { staff: Staff | null; onClose: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<RoleValues>();
  const [change, { isLoading }] = useChangeStaffRoleMutation();
  const role = Form.useWatch('role', form);
  const onFinish = async (values: RoleValues) => {
    if (!staff) return;
    try {
      await change({ id: staff.id, role: values.role, stall_ids: values.role === 'stall' ? (values.stall_ids ?? []) : [] }).unwrap();
    } catch {
      return;
    }
    void toast(intl.formatMessage({ id: 'console.staff.saved' }), 'success');
    onClose();
  };
  return (
    <Modal
      open={staff !== null}
      title={intl.formatMessage({ id: 'console.staff.changeRole' }, { name: staff?.name ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okText={intl.formatMessage({ id: 'console.save' })}
      cancelText={intl.formatMessage({ id: 'console.cancel' })}
      className="console-staff-role-modal"
      destroyOnHidden
    >
      {staff ? (
        <Form form={form} layout="vertical" requiredMark={false} initialValues={{ role: staff.role, stall_ids: staff.stall_ids }} onFinish={(v) => void onFinish(v)}>
          <RoleFields role={role} />
        </Form>
      ) : null}
    </Modal>
  );
}

/** /admin/staff (staff.manage): the staff accounts; add one, change a role, disable or enable. */
export default function StaffScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const { staff: me } = useStaffAccess();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<Staff | null>(null);
  const { data, isFetching } = useStaffListQuery({ token, page, pagesize: PAGE_SIZE });
  const stalls = useStallOptionsQuery({ token }, { skip: !data?.list.some((staff) => staff.stall_ids.length > 0) });
  const [disable] = useDisableStaffMutation();
  const stallName = (id: string) => stalls.data?.find((stall) => stall.id === id)?.name ?? id;

  const toggle = async (staff: Staff) => {
    try {
      await disable({ id: staff.id, disabled: !staff.disabled }).unwrap();
    } catch {
      return;
    }
    void toast(intl.formatMessage({ id: staff.disabled ? 'console.staff.enabled' : 'console.staff.disabled' }), 'success');
  };

  return (
    <div className="console-staff-screen">
      <Space className="console-toolbar">
        <h2>{intl.formatMessage({ id: 'console.menu.staff' })}</h2>
        <Button type="primary" className="console-staff-add" onClick={() => setAdding(true)}>
          {intl.formatMessage({ id: 'console.staff.add' })}
        </Button>
      </Space>
      <Table<Staff>
        rowKey="id"
        className="console-staff-table"
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
          { key: 'mobile', dataIndex: 'mobile', title: intl.formatMessage({ id: 'auth.mobile' }) },
          { key: 'name', dataIndex: 'name', title: intl.formatMessage({ id: 'console.staff.name' }) },
          {
            key: 'role',
            title: intl.formatMessage({ id: 'console.staff.role' }),
            render: (_, staff) => <Tag className="console-staff-role-tag">{intl.formatMessage({ id: `console.role.${staff.role}` })}</Tag>,
          },
          { key: 'stalls', title: intl.formatMessage({ id: 'console.staff.stalls' }), render: (_, staff) => <span translate="no">{staff.stall_ids.map(stallName).join(', ')}</span> },
          {
            key: 'status',
            title: intl.formatMessage({ id: 'console.staff.status' }),
            render: (_, staff) =>
              staff.disabled ? <Tag color="default">{intl.formatMessage({ id: 'console.staff.status.disabled' })}</Tag> : <Tag color="green">{intl.formatMessage({ id: 'console.staff.status.active' })}</Tag>,
          },
          {
            key: 'last_login',
            title: intl.formatMessage({ id: 'console.staff.lastLogin' }),
            render: (_, staff) => (staff.last_login_at ? formatDate(staff.last_login_at) : intl.formatMessage({ id: 'console.never' })),
          },
          {
            key: 'actions',
            title: intl.formatMessage({ id: 'console.actions' }),
            render: (_, staff) => (
              <Space wrap size={[8, 4]} className="console-staff-actions">
                <Link to={staffAuditPath(staff.id)} className="console-staff-audit">
                  {intl.formatMessage({ id: 'console.auditLink' })}
                </Link>
                <Button size="small" className="console-staff-change-role" onClick={() => setChanging(staff)}>
                  {intl.formatMessage({ id: 'console.staff.changeRole.button' })}
                </Button>
                {/* the server refuses disabling oneself (staff.cannot_disable_self): not offered */}
                {staff.id === me?.id ? null : (
                <Popconfirm
                  title={intl.formatMessage({ id: staff.disabled ? 'console.staff.enable.confirm' : 'console.staff.disable.confirm' }, { name: staff.name })}
                  okText={intl.formatMessage({ id: 'console.ok' })}
                  cancelText={intl.formatMessage({ id: 'console.cancel' })}
                  onConfirm={() => toggle(staff)}
                >
                  <Button size="small" danger={!staff.disabled} className="console-staff-toggle">
                    {intl.formatMessage({ id: staff.disabled ? 'console.staff.enable' : 'console.staff.disable' })}
                  </Button>
                </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <AddStaffDialog open={adding} onClose={() => setAdding(false)} />
      <ChangeRoleDialog staff={changing} onClose={() => setChanging(null)} />
    </div>
  );
}
