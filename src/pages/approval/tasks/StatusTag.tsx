// A task, copy or instance status as a coloured tag in the user's language.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isKnownStatus, statusColor } from './model';

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('approval');
  return (
    <Tag color={statusColor(status)} data-status={status}>
      {isKnownStatus(status) ? t(`tasks.status.${status}`) : status}
    </Tag>
  );
}
