// The approval around a submitted document, for every mode: where it is (status, current node,
// who is waiting), the applicant's withdraw and urge, an approver's withdraw of their own
// approval (mode 2), the return banner (mode 4), and the history timeline with the diagram.
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App as AntApp, Button, Card, Col, Descriptions, Input, Modal, Row, Space, Tag, Typography } from 'antd';
import { BellOutlined, RollbackOutlined } from '@ant-design/icons';
import type { Locale } from '../../schemas';
import type { WidgetServices } from '../../widgets/types';
import { ProcessDiagramLazy as ProcessDiagram } from './ProcessDiagramLazy';
import { HistoryTimeline } from './HistoryTimeline';
import { diagramState } from './diagramState';
import { strategyRefs } from './strategySummary';
import { useUserNames } from './useUserNames';
import { formatTime } from './format';
import { useApprovalT } from './i18n';
import { actionError, sendAction, type ActAnswer, type ApprovalServices, type InstanceDetail } from './services';
import './approval.css';

const STATUS_COLOURS: Record<string, string> = {
  running: 'processing',
  returned: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  cancelled: 'default',
};
const KNOWN_STATUSES = new Set(Object.keys(STATUS_COLOURS));

/** The task of `userId` whose approval a withdraw takes back: their latest approved one. */
export function ownApprovedTask(detail: Pick<InstanceDetail, 'tasks'>, userId: string): string | null {
  const mine = detail.tasks.filter((x) => x.assigneeId === userId && x.status === 'approved');
  mine.sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
  return mine[0]?.id ?? null;
}

/** The return that sent the document back (the latest), if any. */
export function lastReturn(detail: Pick<InstanceDetail, 'history'>) {
  return [...detail.history].sort((a, b) => b.seq - a.seq).find((h) => h.action === 'return') ?? null;
}

export interface InstanceSummaryProps {
  detail: InstanceDetail;
  locale: Locale;
  services: ApprovalServices;
  /** the signed-in user (whose approval a withdraw takes back) */
  userId: string;
  /** offer withdraw and urge (mode 2); mode 3 and 4 show the status only */
  actions?: boolean;
  recordId: string;
  /** after a withdraw or an urge: the host reloads */
  onChanged?: (action: 'withdraw' | 'urge', answer: ActAnswer) => void;
}

export function InstanceSummary({ detail, locale, services, userId, actions = true, recordId, onChanged }: InstanceSummaryProps) {
  const t = useApprovalT(locale);
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState<'withdraw' | 'urge' | null>(null);
  const [dialog, setDialog] = useState<'withdraw' | 'urge' | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inst = detail.instance;
  if (!inst) return null;
  const pending = detail.tasks.filter((x) => x.status === 'pending');
  const can = (a: string) => actions && detail.allowedActions.includes(a);
  const ownTask = inst.applicantId === userId ? null : ownApprovedTask(detail, userId);

  const run = async (action: 'withdraw' | 'urge') => {
    setBusy(action);
    setError(null);
    try {
      const c = comment.trim() ? { comment: comment.trim() } : {};
      const answer =
        action === 'withdraw'
          ? await sendAction(services, { name: 'withdraw', body: { recordId, ...(ownTask ? { taskId: ownTask } : {}), ...c } })
          : await sendAction(services, { name: 'urge', body: { recordId, ...c } });
      void message.success(action === 'withdraw' ? (ownTask ? t('panel.done.withdrawApproval') : t('panel.done.withdraw')) : t('panel.done.urge'));
      setDialog(null);
      setComment('');
      onChanged?.(action, answer);
    } catch (e) {
      const err = actionError(e);
      if (!err.handled) setError(err.message);
    } finally {
      setBusy(null);
    }
  };

  const statusText = KNOWN_STATUSES.has(inst.status) ? t(`panel.status.${inst.status}`) : inst.status;
  return (
    <Card size="small" className="fw-instance-summary" data-testid="instance-summary" style={{ marginBottom: 12 }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          {
            key: 'status',
            label: t('panel.statusLabel'),
            children: (
              <Tag color={STATUS_COLOURS[inst.status] ?? 'default'} data-testid="instance-status" data-status={inst.status}>
                {statusText}
              </Tag>
            ),
          },
          {
            key: 'node',
            label: t('panel.currentNode'),
            children: <span data-testid="instance-current-nodes">{inst.currentNodes.map((n) => n.name).join(t('diagram.listSeparator')) || '—'}</span>,
          },
          {
            key: 'who',
            label: t('panel.approvers'),
            children: (
              <span data-testid="instance-approvers">
                {[...new Set(pending.map((x) => x.assigneeName || x.assigneeId))].join(t('diagram.listSeparator')) || '—'}
              </span>
            ),
          },
          { key: 'started', label: t('panel.startedAt'), children: formatTime(inst.startedAt) },
        ]}
      />
      {can('withdraw') || can('urge') ? (
        <Space wrap style={{ marginTop: 8 }}>
          {can('withdraw') ? (
            <Button icon={<RollbackOutlined />} onClick={() => setDialog('withdraw')} data-testid="instance-withdraw">
              {ownTask ? t('actions.withdrawApproval') : t('actions.withdraw')}
            </Button>
          ) : null}
          {can('urge') ? (
            <Button icon={<BellOutlined />} onClick={() => setDialog('urge')} data-testid="instance-urge">
              {t('actions.urge')}
            </Button>
          ) : null}
        </Space>
      ) : null}
      {dialog ? (
        <ConfirmWithComment
          locale={locale}
          title={dialog === 'withdraw' ? (ownTask ? t('panel.title.withdrawApproval') : t('panel.title.withdraw')) : t('panel.title.urge')}
          text={dialog === 'withdraw' ? (ownTask ? t('panel.withdrawApprovalText') : t('panel.withdrawText')) : t('panel.urgeText')}
          okText={dialog === 'withdraw' ? t('panel.submit.withdraw') : t('panel.submit.urge')}
          comment={comment}
          onComment={setComment}
          busy={busy !== null}
          error={error}
          onOk={() => void run(dialog)}
          onCancel={() => {
            // a withdraw's words must not reappear in an urge (or the other way round)
            setDialog(null);
            setError(null);
            setComment('');
          }}
        />
      ) : null}
    </Card>
  );
}

function ConfirmWithComment(props: {
  locale: Locale;
  title: string;
  text: string;
  okText: string;
  comment: string;
  onComment: (v: string) => void;
  busy: boolean;
  error: string | null;
  onOk: () => void;
  onCancel: () => void;
}) {
  const t = useApprovalT(props.locale);
  return (
    <ModalLazy {...props}>
      <Typography.Paragraph>{props.text}</Typography.Paragraph>
      <label htmlFor="fw-instance-comment" className="fw-approval-label">
        {t('panel.commentOptional')}
      </label>
      <Input.TextArea
        id="fw-instance-comment"
        value={props.comment}
        onChange={(e) => props.onComment(e.target.value)}
        maxLength={2000}
        autoSize={{ minRows: 2, maxRows: 6 }}
        data-testid="instance-comment"
      />
      {props.error ? <Alert type="error" showIcon role="alert" title={props.error} style={{ marginTop: 12 }} data-testid="instance-error" /> : null}
    </ModalLazy>
  );
}

function ModalLazy(props: { title: string; okText: string; busy: boolean; onOk: () => void; onCancel: () => void; locale: Locale; children: ReactNode }) {
  const t = useApprovalT(props.locale);
  return (
    <Modal
      open
      title={props.title}
      onOk={props.onOk}
      onCancel={props.onCancel}
      okText={props.okText}
      cancelText={t('panel.cancel')}
      confirmLoading={props.busy}
      okButtonProps={{ 'data-testid': 'instance-dialog-ok' } as never}
      destroyOnHidden
      data-testid="instance-dialog"
    >
      {props.children}
    </Modal>
  );
}

/** Mode 4: who returned the document, from which node, when and why. */
export function ReturnedBanner({ detail, locale }: { detail: InstanceDetail; locale: Locale }) {
  const t = useApprovalT(locale);
  const ret = lastReturn(detail);
  if (detail.instance?.status !== 'returned') return null;
  const from = detail.instance.returnedFrom?.name ?? ret?.nodeName ?? '';
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="returned-banner"
      style={{ marginBottom: 12 }}
      title={t('returned.title')}
      description={
        <div>
          <div data-testid="returned-by">{t('returned.by', { who: ret?.actorName || t('history.system'), node: from, at: formatTime(ret?.at) })}</div>
          <div data-testid="returned-reason">
            <Typography.Text strong>{t('returned.reason')}</Typography.Text>
            <span style={{ whiteSpace: 'pre-wrap' }}>{ret?.comment || t('returned.noReason')}</span>
          </div>
          <div style={{ marginTop: 4 }}>{t('returned.hint')}</div>
        </div>
      }
    />
  );
}

export interface ApprovalRecordProps {
  detail: InstanceDetail;
  locale: Locale;
  services?: Pick<ApprovalServices, 'searchUsers'>;
  widgetServices?: WidgetServices;
}

/** The history timeline beside the diagram of the pinned process version. */
export function ApprovalRecord({ detail, locale, services, widgetServices }: ApprovalRecordProps) {
  const t = useApprovalT(locale);
  const s = useMemo(() => (detail.definition ? diagramState(detail.definition, detail) : null), [detail]);
  // the users the nodes name (a 指定成员 node): their names on the diagram, not their ids
  const named = useMemo(() => (detail.definition?.nodes ?? []).flatMap((n) => strategyRefs(n.assignee).users), [detail.definition]);
  const userNames = useUserNames(services, named);
  const names = useMemo(() => ({ users: userNames }), [userNames]);
  return (
    <Row gutter={[16, 16]} className="fw-approval-record" data-testid="approval-record" style={{ marginTop: 16 }}>
      <Col xs={24} lg={10}>
        <Card size="small">
          <HistoryTimeline detail={detail} locale={locale} services={services} widgetServices={widgetServices} />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card size="small" title={t('diagram.title')}>
          <ProcessDiagram
            definition={detail.definition}
            locale={locale}
            currentNodeIds={s?.currentNodeIds}
            doneNodeIds={s?.doneNodeIds}
            path={s?.path}
            rejectedNodeIds={s?.rejectedNodeIds}
            returnedNodeIds={s?.returnedNodeIds}
            names={names}
            height={460}
          />
        </Card>
      </Col>
    </Row>
  );
}
