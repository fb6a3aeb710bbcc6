import { Button, Form, Input, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { useCategoriesQuery, useSaveCategoryMutation, type Category, type CategoryBody } from './catalogue-api';
import { toast } from '../../lib/toast';
import { selectConsoleLanguage, selectConsoleToken } from '../../state/console-session';
import { useConsoleSelector } from '../../state/console-hooks';
import { useStaffAccess } from '../../widgets/use-staff';
import { showRefusal } from '../../widgets/form-refusal';
import { categoryTree, nameIn } from './names';

type CategoryValues = Omit<CategoryBody, 'id'>;

const FIELDS = ['parent_id', 'name_zh', 'name_en', 'sort'] as const;

/** What the dialog edits: a category, or a new one (under `parent_id` when given). */
type Editing = { category: Category } | { parent_id: string | null } | null;

/** A table row: a top-level category with its children, or a child. */
interface CategoryRow extends Category {
  children?: CategoryRow[];
  /** Its own products and, for a top-level one, its children's. */
  total: number;
}

function CategoryDialog({ editing, categories, onClose }: { editing: Editing; categories: readonly Category[]; onClose: () => void }) {
  const intl = useIntl();
  const language = useConsoleSelector(selectConsoleLanguage);
  const [form] = Form.useForm<CategoryValues>();
  const [save, { isLoading }] = useSaveCategoryMutation();
  const text = (id: string) => intl.formatMessage({ id });
  const category = editing && 'category' in editing ? editing.category : null;
  const hasChildren = category !== null && categories.some((c) => c.parent_id === category.id);
  // only top-level categories can be parents, and never the category itself
  const parents = categories.filter((c) => c.parent_id === null && c.id !== category?.id);
  const initial = category
    ? { parent_id: category.parent_id ?? undefined, name_zh: category.name_zh, name_en: category.name_en, sort: category.sort }
    : { parent_id: (editing && 'parent_id' in editing ? editing.parent_id : null) ?? undefined, sort: 0 };
  const onFinish = async (values: CategoryValues) => {
    try {
      await save({
        ...(category ? { id: category.id } : {}),
        ...(values.parent_id ? { parent_id: values.parent_id } : {}),
        name_zh: values.name_zh,
        name_en: values.name_en ?? '',
        sort: values.sort ?? 0,
      }).unwrap();
    } catch (error) {
      showRefusal(form, error, FIELDS);
      return;
    }
    void toast(text('console.saved'), 'success');
    onClose();
  };
  return (
    <Modal
      open={editing !== null}
      title={text(category ? 'console.category.edit' : 'console.category.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      okText={text('console.save')}
      cancelText={text('console.cancel')}
      className="console-category-modal"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="parent_id" label={text('console.category.parent')} extra={text(hasChildren ? 'console.category.parent.hasChildren' : 'console.category.parent.hint')}>
          <Select
            allowClear
            disabled={hasChildren}
            className="console-category-parent"
            placeholder={text('console.category.topLevel')}
            options={parents.map((c) => ({ value: c.id, label: nameIn(language, c) }))}
          />
        </Form.Item>
        <Form.Item name="name_zh" label={text('console.nameZh')} rules={[{ required: true, whitespace: true, message: text('console.nameZh.required') }, { max: 30 }]}>
          <Input className="console-category-name-zh" />
        </Form.Item>
        <Form.Item name="name_en" label={text('console.nameEn')} extra={text('console.nameEn.hint')} rules={[{ max: 30 }]}>
          <Input className="console-category-name-en" />
        </Form.Item>
        <Form.Item name="sort" label={text('console.sort')} extra={text('console.sort.hint')}>
          <InputNumber className="console-category-sort" precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /admin/categories (catalogue.read; not for a stall account): the two levels as a tree with
 * each category's code (what an import may name it by) and product counts; top-level and child
 * categories are added and edited with catalogue.write.
 */
export default function CategoriesScreen() {
  const intl = useIntl();
  const token = useConsoleSelector(selectConsoleToken);
  const language = useConsoleSelector(selectConsoleLanguage);
  const { can } = useStaffAccess();
  const { data, isFetching } = useCategoriesQuery({ token });
  const [editing, setEditing] = useState<Editing>(null);
  const text = (id: string) => intl.formatMessage({ id });
  const writable = can('catalogue.write');
  const categories = data ?? [];
  const rows: CategoryRow[] = categoryTree(categories).map(({ parent, children }) => ({
    ...parent,
    total: parent.product_count + children.reduce((sum, c) => sum + c.product_count, 0),
    ...(children.length > 0 ? { children: children.map((c) => ({ ...c, total: c.product_count })) } : {}),
  }));

  return (
    <div className="console-categories">
      <Space className="console-toolbar">
        <h2>{text('console.menu.categories')}</h2>
        {writable ? (
          <Button type="primary" className="console-category-add" onClick={() => setEditing({ parent_id: null })}>
            {text('console.category.addTop')}
          </Button>
        ) : null}
      </Space>
      <Table<CategoryRow>
        rowKey="id"
        className="console-category-table"
        loading={isFetching}
        dataSource={rows}
        pagination={false}
        expandable={{ expandedRowKeys: rows.map((row) => row.id) }}
        rowClassName={(row) => (row.parent_id ? 'console-category-child' : 'console-category-top')}
        onRow={(row) => ({ 'data-id': row.id }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'name', title: text('console.category.name'), render: (_, row) => nameIn(language, row) },
          // what an import's category column takes besides a path (女装 › 卫衣) or a name only it has
          {
            key: 'code',
            title: text('console.category.code'),
            render: (_, row) => (
              <Typography.Text className="console-category-code" copyable={{ text: row.id }}>
                {row.id}
              </Typography.Text>
            ),
          },
          { key: 'name_zh', dataIndex: 'name_zh', title: text('console.nameZh') },
          { key: 'name_en', dataIndex: 'name_en', title: text('console.nameEn') },
          { key: 'sort', dataIndex: 'sort', title: text('console.sort') },
          { key: 'products', title: text('console.productCount'), render: (_, row) => <span className="console-category-count">{row.total}</span> },
          ...(writable
            ? [
                {
                  key: 'actions',
                  title: text('console.actions'),
                  render: (_: unknown, row: CategoryRow) => (
                    <Space>
                      <Button size="small" className="console-category-edit" onClick={() => setEditing({ category: row })}>
                        {text('console.edit')}
                      </Button>
                      {row.parent_id === null ? (
                        <Button size="small" className="console-category-add-child" onClick={() => setEditing({ parent_id: row.id })}>
                          {text('console.category.addChild')}
                        </Button>
                      ) : null}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {/* a dialog of its own for each category opened (its form starts from that category) */}
      <CategoryDialog key={editing === null ? 'closed' : 'category' in editing ? editing.category.id : `new:${editing.parent_id ?? ''}`} editing={editing} categories={categories} onClose={() => setEditing(null)} />
    </div>
  );
}
