import { DeleteOutlined, EditOutlined, PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Modal, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { Address } from '../../lib/api-types';
import { useAppSelector } from '../../state/hooks';
import { selectSite, selectToken } from '../../state/session-slice';
import { toast } from '../../lib/toast';
import {
  useAddressesQuery,
  useDeleteAddressMutation,
  useFavoriteAddressMutation,
  useSetDefaultAddressMutation,
} from './address-api';
import { AddressDialog } from './address-dialog';
import { addressQuota, fullAddress } from './address-logic';
import './address.css';

/** The address book without a session: a way to log in and come back. */
function AddressLoginRequired() {
  const intl = useIntl();
  const location = useLocation();
  const site = useAppSelector(selectSite);
  const params = new URLSearchParams({ site, redirect: `${location.pathname}${location.search}` });
  return (
    <Result
      status="403"
      title={intl.formatMessage({ id: 'profile.loginRequired' })}
      extra={
        <Link to={`/login?${params.toString()}`}>
          <Button type="primary">{intl.formatMessage({ id: 'auth.login' })}</Button>
        </Link>
      }
    />
  );
}

function AddressSkeleton() {
  return (
    <div className="address-grid address-skeleton" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="address-card">
          <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 2 }} />
        </Card>
      ))}
    </div>
  );
}

/** One address: recipient, phone, region and detail, the default tag and the favourite star, and its actions. */
function AddressCard({
  address,
  onEdit,
  onDelete,
}: {
  address: Address;
  onEdit: (address: Address) => void;
  onDelete: (address: Address) => void;
}) {
  const intl = useIntl();
  const [setDefault, defaulting] = useSetDefaultAddressMutation();
  const [favorite, favoriting] = useFavoriteAddressMutation();
  const starLabel = intl.formatMessage({ id: address.is_favorite ? 'address.unfavorite' : 'address.favorite' });

  return (
    <Card className={`address-card${address.is_default ? ' is-default' : ''}`} data-id={address.id}>
      <div className="address-card-head">
        <span className="address-recipient" translate="no">{address.recipient}</span>
        <span className="address-phone">{address.phone}</span>
        {address.is_default ? (
          <Tag color="red" className="address-default-tag">
            {intl.formatMessage({ id: 'address.default' })}
          </Tag>
        ) : null}
        <Button
          type="text"
          size="small"
          className={`address-favorite${address.is_favorite ? ' is-favorite' : ''}`}
          aria-label={starLabel}
          aria-pressed={address.is_favorite}
          title={starLabel}
          loading={favoriting.isLoading}
          icon={address.is_favorite ? <StarFilled /> : <StarOutlined />}
          onClick={() => {
            const next = !address.is_favorite;
            void favorite({ id: address.id, favorite: next })
              .unwrap()
              .then(() => toast(intl.formatMessage({ id: next ? 'address.favorited' : 'address.unfavorited' }), 'success'))
              .catch(() => undefined); // the base query has shown why
          }}
        />
      </div>
      <p className="address-full" translate="no">{fullAddress(address)}</p>
      <div className="address-actions">
        {address.is_default ? null : (
          <Button
            size="small"
            className="address-set-default"
            loading={defaulting.isLoading}
            onClick={() => {
              void setDefault({ id: address.id })
                .unwrap()
                .then(() => toast(intl.formatMessage({ id: 'address.defaultSet' }), 'success'))
                .catch(() => undefined);
            }}
          >
            {intl.formatMessage({ id: 'address.setDefault' })}
          </Button>
        )}
        <Button size="small" className="address-edit" icon={<EditOutlined />} onClick={() => onEdit(address)}>
          {intl.formatMessage({ id: 'address.editAction' })}
        </Button>
        <Button size="small" danger className="address-delete" icon={<DeleteOutlined />} onClick={() => onDelete(address)}>
          {intl.formatMessage({ id: 'address.delete' })}
        </Button>
      </div>
    </Card>
  );
}

interface DialogState {
  open: boolean;
  editing: Address | null;
}

/**
 * `/addressCollect`: the caller's address book (the server orders it: default, favourites,
 * newest), at most 50. Add and edit in a dialog; delete after a confirm; set the default and
 * favourites from each card. Needs a session.
 */
export default function AddressCollectScreen() {
  const intl = useIntl();
  const token = useAppSelector(selectToken);
  const { data, isLoading, isError, refetch } = useAddressesQuery({ token }, { skip: !token });
  const [remove] = useDeleteAddressMutation();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<DialogState>({ open: false, editing: null });

  if (!token) return <AddressLoginRequired />;
  const list = data ?? [];
  const quota = addressQuota(list.length);

  const openAdd = () => setDialog({ open: true, editing: null });
  const confirmDelete = (address: Address) => {
    void modal.confirm({
      title: intl.formatMessage({ id: 'address.delete.confirm' }),
      content: `${address.recipient} ${address.phone} ${fullAddress(address)}`,
      className: 'address-delete-confirm',
      okText: intl.formatMessage({ id: 'address.delete' }),
      okButtonProps: { danger: true, className: 'address-delete-ok' },
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
      onOk: () =>
        remove({ id: address.id })
          .unwrap()
          .then(() => toast(intl.formatMessage({ id: 'address.deleted' }), 'success'))
          .catch(() => undefined), // the base query has shown why
    });
  };

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} className="address-add" disabled={!data || quota.full} onClick={openAdd}>
      {intl.formatMessage({ id: 'address.add' })}
    </Button>
  );

  return (
    <div className="address-page">
      <header className="address-header">
        <h1 className="page-title">{intl.formatMessage({ id: 'route.addressCollect' })}</h1>
        <span className="address-tools">
          {data ? (
            <span className="address-count" aria-label={intl.formatMessage({ id: 'address.count.label' })}>
              {intl.formatMessage({ id: 'address.count' }, { count: quota.count, max: quota.max })}
            </span>
          ) : null}
          {quota.full ? (
            <span className="address-limit" role="status">
              {intl.formatMessage({ id: 'validation.address.limit' }, { max: quota.max })}
            </span>
          ) : null}
          {addButton}
        </span>
      </header>
      {isLoading ? (
        <AddressSkeleton />
      ) : list.length > 0 ? (
        <div className="address-grid">
          {list.map((address) => (
            <AddressCard key={address.id} address={address} onEdit={(a) => setDialog({ open: true, editing: a })} onDelete={confirmDelete} />
          ))}
        </div>
      ) : data ? (
        <Empty className="address-empty" description={intl.formatMessage({ id: 'address.empty' })} />
      ) : isError ? (
        <Result
          className="address-error"
          status="warning"
          title={intl.formatMessage({ id: 'address.loadFailed' })}
          extra={<Button onClick={() => void refetch()}>{intl.formatMessage({ id: 'address.retry' })}</Button>}
        />
      ) : null}
      <AddressDialog
        open={dialog.open}
        editing={dialog.editing}
        first={list.length === 0}
        onClose={() => setDialog((d) => ({ open: false, editing: d.editing }))}
      />
      {modalHolder}
    </div>
  );
}
