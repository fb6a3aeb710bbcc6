import { Modal, Spin } from 'antd';
import { useIntl } from 'react-intl';
import { useAgreementQuery } from '../../api/site-api';
import { useAppSelector } from '../../state/hooks';
import { selectLanguage } from '../../state/session-slice';

export function AgreementModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const language = useAppSelector(selectLanguage);
  const { data, isFetching } = useAgreementQuery({ language }, { skip: !open });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={onClose}
      okText={intl.formatMessage({ id: 'common.close' })}
      cancelButtonProps={{ style: { display: 'none' } }}
      title={data?.title ?? intl.formatMessage({ id: 'auth.agreement.name' })}
      width={640}
    >
      {isFetching ? (
        <Spin />
      ) : (
        <div className="agreement-text">
          {(data?.content ?? '').split(/\n\s*\n/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      )}
    </Modal>
  );
}
