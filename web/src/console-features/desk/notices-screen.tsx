import { Button, Empty, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { usePublishNoticeMutation, useStaffNoticesQuery, useWithdrawNoticeMutation, type StaffNotice } from './desk-api';
import { formatDate } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { selectConsoleToken } from '../../state/console-session';
import { showRefusal } from '../../widgets/form-refusal';
import { useConsoleSelector } from '../../state/console-hooks';
import { deskPagination, DESK_PAGE_SIZE } from './desk-parts';

interface NoticeValues {
  title: string;
  content: string;
  title_en?: string;
  content_en?: string;
  pinned?: boolean;
}

const CONTENT_MAX = 20_000;
const NOTICE_FIELDS = ['title', 'content', 'title_en', 'content_en', 'pinned'];

/** Title and content (Chinese, required), their English (optional: the Chinese shows otherwise), pinned. */
function PublishDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<NoticeValues>();
  const [publish, { isLoading }] = usePublishNoticeMutation();
  const text = (id: string) => intl.formatMessage({ id });
  const onFinish = async (values: NoticeValues) => {
    const titleEn = (values.title_en ?? '').trim();
    const contentEn = (values.content_en ?? '').trim();
    try {
      await publish({
        title: values.title.trim(),
        content: values.content.trim(),
        ...(titleEn ? { title_en: titleEn } : {}),
        ...(contentEn ? { content_en: contentEn } : {}),
        pinned: values.pinned === true,
      }).unwrap();
    } catch (error) {
      showRefusal(form, error, NOTICE_FIELDS);
      return;
    }
    void toast(text('console.desk.notice.published'), 'success');
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={text('console.desk.notice.publish')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okText={text('console.desk.notice.publish.submit')}
      cancelText={text('console.cancel')}
      className="console-desk-notice-modal"
      width={720}
      destroyOnHidden
    >
      <Form<NoticeValues> form={form} layout="vertical" requiredMark={false} initialValues={{ pinned: false }} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="title" label={text('console.desk.notice.title')} rules={[{ required: true, whitespace: true, message: text('console.desk.notice.title.required') }]}>
          <Input className="console-desk-notice-title" maxLength={200} />
        </Form.Item>
        <Form.Item name="content" label={text('console.desk.notice.content')} rules={[{ required: true, whitespace: true, message: text('console.desk.notice.content.required') }]}>
          <Input.TextArea className="console-desk-notice-content" rows={6} maxLength={CONTENT_MAX} showCount />
        </Form.Item>
        <Form.Item name="title_en" label={text('console.desk.notice.titleEn')} extra={text('console.desk.notice.en.hint')}>
          <Input className="console-desk-notice-title-en" maxLength={200} />
        </Form.Item>
        <Form.Item name="content_en" label={text('console.desk.notice.contentEn')}>
          <Input.TextArea className="console-desk-notice-content-en" rows={4} maxLength={CONTENT_MAX} />
        </Form.Item>
        <Form.Item name="pinned" label={text('notice.pinned')} valuePropName="checked">
          <Switch className="console-desk-notice-pinned" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /admin/notices (notices.write): the announcements on show, newest first; publish one, or
 * withdraw one (confirmed) so it is no longer shown.
 */
export default function NoticesScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const [page, setPage] = useState(1);
  const [publishing, setPublishing] = useState(false);
  const { data, isFetching } = useStaffNoticesQuery({ token, page, pagesize: DESK_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const [withdraw] = useWithdrawNoticeMutation();
  const text = (id: string) => intl.formatMessage({ id });
  const onWithdraw = async (notice: StaffNotice) => {
    try {
      await withdraw({ id: notice.id }).unwrap();
    } catch {
      return;
    }
    void toast(text('console.desk.notice.withdrawn'), 'success');
  };
  return (
    <div className="console-desk-notices">
      <Space className="console-toolbar">
        <h2>{text('console.menu.notices')}</h2>
        <Button type="primary" className="console-desk-notice-add" onClick={() => setPublishing(true)}>
          {text('console.desk.notice.publish')}
        </Button>
      </Space>
      <Table<StaffNotice>
        rowKey="id"
        className="console-desk-notice-table"
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('notice.empty')} /> }}
        onRow={(row) => ({ 'data-id': row.id }) as HTMLAttributes<HTMLElement>}
        expandable={{
          expandedRowRender: (row) => (
            <div className="console-desk-notice-text">
              <p>{row.content}</p>
              {row.content_en ? <p lang="en">{row.content_en}</p> : null}
            </div>
          ),
        }}
        pagination={deskPagination(intl, page, data?.total ?? 0, setPage)}
        columns={[
          {
            key: 'title',
            title: text('console.desk.notice.title'),
            render: (_, row) => (
              <>
                {row.pinned ? <Tag color="red">{text('notice.pinned')}</Tag> : null}
                <span className="console-desk-notice-name">{row.title}</span>
                {row.title_en ? <div className="console-hint">{row.title_en}</div> : null}
              </>
            ),
          },
          { key: 'published', title: text('console.desk.notice.publishedAt'), render: (_, row) => formatDate(row.published_at) },
          {
            key: 'actions',
            title: text('console.actions'),
            render: (_, row) => (
              <Popconfirm
                title={intl.formatMessage({ id: 'console.desk.notice.withdraw.confirm' }, { title: row.title })}
                okText={text('console.ok')}
                cancelText={text('console.cancel')}
                onConfirm={() => void onWithdraw(row)}
              >
                <Button type="link" danger className="console-desk-notice-withdraw">
                  {text('console.desk.notice.withdraw')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <PublishDialog open={publishing} onClose={() => setPublishing(false)} />
    </div>
  );
}
