// An instance's history, oldest first and newest last: every step in words (who, what, on which
// node, when), the comment, the attachments (downloaded through the widget services) and the
// handwritten signature; then who is waiting now and since when. Below, the record's earlier
// rounds (an instance withdrawn, rejected or cancelled before the document was submitted again),
// newest first, each a collapsed section "第 N 轮（已撤回）· start – end" that opens to its steps.
import { useMemo, useState } from 'react';
import { App as AntApp, Button, Collapse, Empty, Image, Space, Switch, Tag, Timeline, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { TimelineItemType } from 'antd/es/timeline/Timeline';
import type { FileRef, Locale } from '../../schemas';
import type { WidgetServices } from '../../widgets/types';
import { canDownload, downloadThrough } from '../../widgets/shared/fileAccess';
import { describeHistory, historyUserIds, type HistoryTone } from './historyText';
import { durationText, formatTime } from './format';
import { useApprovalT } from './i18n';
import type { ApprovalServices, EarlierRound, HistoryRow, InstanceDetail } from './services';
import { useUserNames } from './useUserNames';
import './approval.css';

export interface HistoryTimelineProps {
  detail: Pick<InstanceDetail, 'history' | 'tasks' | 'definition' | 'instance' | 'earlierRounds'>;
  locale: Locale;
  /** the user search (names of the users a step names) */
  services?: Pick<ApprovalServices, 'searchUsers'>;
  /** the attachments' download */
  widgetServices?: WidgetServices;
  /** "now" for waiting times (tests pin it) */
  now?: () => number;
}

const TONE_COLOURS: Record<HistoryTone, string> = { success: 'green', error: 'red', warning: 'orange', info: 'blue', system: 'gray' };
const ROUND_STATUSES = new Set(['running', 'returned', 'approved', 'rejected', 'withdrawn', 'cancelled']);
const NO_ROUNDS: EarlierRound[] = [];

export function HistoryTimeline({ detail, locale, services, widgetServices, now = Date.now }: HistoryTimelineProps) {
  const t = useApprovalT(locale);
  const { message } = AntApp.useApp();
  const [showSystem, setShowSystem] = useState(true);
  const rounds = detail.earlierRounds ?? NO_ROUNDS;
  const userIds = useMemo(() => historyUserIds([...detail.history, ...rounds.flatMap((r) => r.history)]), [detail.history, rounds]);
  const names = useUserNames(services, userIds);
  const nodeNames = useMemo(() => {
    const m: Record<string, string> = {};
    for (const r of rounds) for (const h of r.history) if (h.nodeId && h.nodeName) m[h.nodeId] = h.nodeName;
    for (const n of detail.definition?.nodes ?? []) m[n.id] = n.name[locale] || n.name['zh-CN'];
    for (const h of detail.history) if (h.nodeId && h.nodeName) m[h.nodeId] = h.nodeName;
    return m;
  }, [detail.definition, detail.history, rounds, locale]);
  const lookup = useMemo(
    () => ({ user: (id: string) => names[id] || id, node: (id: string) => (id === 'applicant' ? t('history.applicant') : nodeNames[id] || id) }),
    [names, nodeNames, t],
  );
  const pending = detail.tasks.filter((x) => x.status === 'pending');
  const rows = [...detail.history].sort((a, b) => a.seq - b.seq);

  const download = async (file: FileRef) => {
    if (!widgetServices) return;
    try {
      await downloadThrough(widgetServices, file);
    } catch (e) {
      void message.error(t('history.downloadFailed', { name: file.name, msg: e instanceof Error ? e.message : String(e) }));
    }
  };

  /** the timeline items of one round's steps (`prefix`: the entries' testid prefix) */
  const stepItems = (list: readonly HistoryRow[], prefix: string): TimelineItemType[] => {
    const out: TimelineItemType[] = [];
    for (const row of [...list].sort((a, b) => a.seq - b.seq)) {
      const d = describeHistory(row, t, lookup);
      if (d.system && !showSystem) continue;
      out.push({
        key: `${prefix}-${row.seq}`,
        color: TONE_COLOURS[d.tone],
        content: entry(row, d, prefix),
      });
    }
    return out;
  };

  const entry = (row: HistoryRow, d: ReturnType<typeof describeHistory>, prefix: string) => (
    <div data-testid={`${prefix}-${row.seq}`} data-action={row.action} className={d.system ? 'fw-history-system' : undefined}>
      <Space size={6} wrap>
        <Typography.Text strong={!d.system} type={d.system ? 'secondary' : undefined} data-testid="history-text">
          {d.text}
        </Typography.Text>
        {row.nodeId && row.nodeName ? <Tag>{row.nodeName}</Tag> : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <time dateTime={row.at}>{formatTime(row.at)}</time>
        </Typography.Text>
      </Space>
      {row.comment ? (
        <blockquote className="fw-history-comment" data-testid="history-comment">
          <span className="fw-sr-only">{t('history.comment')}</span>
          {row.comment}
        </blockquote>
      ) : null}
      {row.attachments.length ? (
        <div className="fw-history-files" aria-label={t('history.attachments')}>
          {row.attachments.map((f) => {
            const ref: FileRef = { id: f.id, name: f.name, size: 0, type: '' };
            return widgetServices && canDownload(widgetServices) ? (
              <Button key={f.id} size="small" type="link" icon={<PaperClipOutlined />} onClick={() => void download(ref)} data-testid={`history-file-${f.id}`}>
                {f.name}
              </Button>
            ) : (
              <Typography.Text key={f.id}>
                <PaperClipOutlined /> {f.name}
              </Typography.Text>
            );
          })}
        </div>
      ) : null}
      {d.signature ? (
        <div>
          <Image
            src={d.signature}
            alt={t('history.signatureOf', { name: row.actorName ?? '' })}
            className="fw-signature-preview"
            height={56}
            preview={false}
            data-testid="history-signature"
          />
        </div>
      ) : null}
    </div>
  );

  const items: TimelineItemType[] = stepItems(rows, 'history-entry');
  const at = now();
  for (const task of pending) {
    items.push({
      key: `p${task.id}`,
      color: 'blue',
      loading: true,
      content: (
        <div data-testid={`history-pending-${task.id}`}>
          <Typography.Text>
            {t('history.waiting', {
              who: task.assigneeName || lookup.user(task.assigneeId),
              node: task.nodeName || lookup.node(task.nodeId),
            })}
          </Typography.Text>{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('history.waitingSince', { since: formatTime(task.createdAt), duration: durationText(at - new Date(task.createdAt).getTime(), t) })}
          </Typography.Text>
        </div>
      ),
    });
  }

  return (
    <section className="fw-history" data-testid="history-timeline" aria-label={t('history.title')}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('history.title')}
        </Typography.Title>
        <Space size={6}>
          <Switch size="small" checked={showSystem} onChange={setShowSystem} id="fw-history-system" data-testid="history-show-system" />
          <label htmlFor="fw-history-system" style={{ fontSize: 12 }}>
            {t('history.showSystem')}
          </label>
        </Space>
      </div>
      {items.length ? <Timeline items={items} /> : <Empty description={t('history.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {rounds.length ? (
        <div className="fw-history-rounds" data-testid="history-rounds" role="group" aria-label={t('history.earlierRounds')}>
          <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0' }}>
            {t('history.earlierRounds')}
          </Typography.Text>
          {rounds.map((r, i) => {
            const prefix = `history-round-${r.instanceId}`;
            const steps = stepItems(r.history, `${prefix}-entry`);
            const status = ROUND_STATUSES.has(r.status) ? t(`panel.status.${r.status}`) : r.status;
            const label = t('history.round', {
              n: rounds.length - i,
              status,
              start: formatTime(r.startedAt),
              end: r.endedAt ? formatTime(r.endedAt) : '…',
            });
            return (
              <div key={r.instanceId} data-testid={prefix} data-status={r.status} style={{ marginBottom: 8 }}>
                <Collapse
                  size="small"
                  items={[
                    {
                      key: r.instanceId,
                      label: <span data-testid={`${prefix}-label`}>{label}</span>,
                      children: steps.length ? <Timeline items={steps} /> : <Empty description={t('history.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />,
                    },
                  ]}
                />
              </div>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
