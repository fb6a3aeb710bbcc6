import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useIntl } from 'react-intl';
import type { Stall } from '../../lib/api-types';
import { useFollowMutation } from './catalog-api';

/** Follow / unfollow a stall; logged out, the call answers 401 and the login dialog shows. */
export function FollowButton({ stall, size }: { stall: Pick<Stall, 'id' | 'followed'>; size?: 'small' | 'middle' }) {
  const intl = useIntl();
  const [follow, { isLoading }] = useFollowMutation();
  return (
    <Button
      className="follow-button"
      size={size}
      type={stall.followed ? 'default' : 'primary'}
      icon={stall.followed ? <CheckOutlined /> : <PlusOutlined />}
      loading={isLoading}
      aria-pressed={stall.followed}
      onClick={() => void follow({ id: stall.id, followed: !stall.followed })}
    >
      {intl.formatMessage({ id: stall.followed ? 'stall.followed' : 'stall.follow' })}
    </Button>
  );
}
