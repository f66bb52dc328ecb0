// Approve or reject several to-do tasks at once (task/batch): a comment (required to reject),
// then the answer per document — how many went through and, for each that did not, its number
// and the server's reason.
import { useState } from 'react';
import { Alert, Input, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { batchOutcome, type BatchResult } from './model';

export interface BatchRow {
  taskId: string | null;
  recordId: string;
  number: string | null;
  title: string | null;
}

export interface BatchDecisionModalProps {
  decision: 'approve' | 'reject' | null;
  rows: BatchRow[];
  run: (taskIds: string[], decision: 'approve' | 'reject', comment?: string) => Promise<BatchResult[]>;
  onClose: (changed: boolean) => void;
}

const COMMENT_MAX = 2000;

export function BatchDecisionModal({ decision, rows, run, onClose }: BatchDecisionModalProps) {
  const { t } = useTranslation('approval');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ReturnType<typeof batchOutcome<BatchRow>> | null>(null);
  const [missing, setMissing] = useState(false);

  const close = () => {
    const changed = !!outcome && outcome.succeeded > 0;
    setComment('');
    setError(null);
    setOutcome(null);
    setMissing(false);
    onClose(changed);
  };

  const submit = async () => {
    if (!decision) return;
    if (decision === 'reject' && !comment.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const ids = rows.map((r) => r.taskId).filter((x): x is string => !!x);
      const results = await run(ids, decision, comment.trim() || undefined);
      setOutcome(batchOutcome(results, rows));
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const title = decision === 'reject' ? t('tasks.batch.rejectTitle', { count: rows.length }) : t('tasks.batch.approveTitle', { count: rows.length });
  return (
    <Modal
      open={!!decision}
      title={title}
      onCancel={close}
      maskClosable={!busy}
      destroyOnHidden
      okText={outcome ? t('tasks.batch.close') : decision === 'reject' ? t('tasks.batch.reject') : t('tasks.batch.approve')}
      okButtonProps={{ danger: decision === 'reject' && !outcome, loading: busy, ...({ 'data-testid': 'batch-confirm' } as object) }}
      cancelButtonProps={{ style: outcome ? { display: 'none' } : undefined }}
      cancelText={t('tasks.batch.cancel')}
      onOk={outcome ? close : submit}
    >
      {outcome ? (
        <div data-testid="batch-result">
          <Alert
            type={outcome.failed.length ? (outcome.succeeded ? 'warning' : 'error') : 'success'}
            showIcon
            title={t('tasks.batch.result', { ok: outcome.succeeded, failed: outcome.failed.length })}
          />
          {outcome.failed.length > 0 && (
            <List
              size="small"
              style={{ marginTop: 12 }}
              dataSource={outcome.failed}
              renderItem={(f) => (
                <List.Item data-testid={`batch-failed-${f.row?.recordId ?? f.taskId}`}>
                  <Typography.Text strong>{f.row?.number || f.row?.title || f.taskId}</Typography.Text>
                  <Typography.Text type="danger">{f.message}</Typography.Text>
                </List.Item>
              )}
            />
          )}
        </div>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('tasks.batch.hint')}</Typography.Paragraph>
          <label htmlFor="batch-comment">
            {decision === 'reject' && (
              <span aria-hidden style={{ color: '#ff4d4f', marginInlineEnd: 4 }}>
                *
              </span>
            )}
            {t('tasks.batch.comment')}
          </label>
          <Input.TextArea
            id="batch-comment"
            data-testid="batch-comment"
            rows={4}
            maxLength={COMMENT_MAX}
            showCount
            value={comment}
            status={missing ? 'error' : undefined}
            aria-required={decision === 'reject'}
            onChange={(e) => {
              setComment(e.target.value);
              setMissing(false);
            }}
          />
          {missing && (
            <Typography.Text type="danger" role="alert">
              {t('tasks.batch.commentRequired')}
            </Typography.Text>
          )}
          {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
        </>
      )}
    </Modal>
  );
}
