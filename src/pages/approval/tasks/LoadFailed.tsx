// The approval pages' load failure: the server's message with a retry (one place for the five lists).
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export function LoadFailed({ message, onRetry, testId }: { message: string; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation('approval');
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      title={t('tasks.loadFailed')}
      description={message}
      action={
        <Button size="small" onClick={onRetry}>
          {t('tasks.retry')}
        </Button>
      }
    />
  );
}
