// An instance's history, oldest first and newest last: every step in words (who, what, on which
// node, when), the comment, the attachments (downloaded through the widget services) and the
// handwritten signature; then who is waiting now and since when.
import { useMemo, useState } from 'react';
import { App as AntApp, Button, Empty, Image, Space, Switch, Tag, Timeline, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { TimelineItemType } from 'antd/es/timeline/Timeline';
import type { FileRef, Locale } from '../../schemas';
import type { WidgetServices } from '../../widgets/types';
import { canDownload, downloadThrough } from '../../widgets/shared/fileAccess';
import { describeHistory, historyUserIds, type HistoryTone } from './historyText';
import { durationText, formatTime } from './format';
import { useApprovalT } from './i18n';
import type { ApprovalServices, InstanceDetail } from './services';
import { useUserNames } from './useUserNames';
import './approval.css';

export interface HistoryTimelineProps {
  detail: Pick<InstanceDetail, 'history' | 'tasks' | 'definition' | 'instance'>;
  locale: Locale;
  /** the user search (names of the users a step names) */
  services?: Pick<ApprovalServices, 'searchUsers'>;
  /** the attachments' download */
  widgetServices?: WidgetServices;
  /** "now" for waiting times (tests pin it) */
  now?: () => number;
}

const TONE_COLOURS: Record<HistoryTone, string> = { success: 'green', error: 'red', warning: 'orange', info: 'blue', system: 'gray' };

export function HistoryTimeline({ detail, locale, services, widgetServices, now = Date.now }: HistoryTimelineProps) {
  const t = useApprovalT(locale);
  const { message } = AntApp.useApp();
  const [showSystem, setShowSystem] = useState(true);
  const userIds = useMemo(() => historyUserIds(detail.history), [detail.history]);
  const names = useUserNames(services, userIds);
  const nodeNames = useMemo(() => {
    const m: Record<string, string> = {};
    for (const n of detail.definition?.nodes ?? []) m[n.id] = n.name[locale] || n.name['zh-CN'];
    for (const h of detail.history) if (h.nodeId && h.nodeName) m[h.nodeId] = h.nodeName;
    return m;
  }, [detail.definition, detail.history, locale]);
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

  const items: TimelineItemType[] = [];
  for (const row of rows) {
    const d = describeHistory(row, t, lookup);
    if (d.system && !showSystem) continue;
    items.push({
      key: `h${row.seq}`,
      color: TONE_COLOURS[d.tone],
      content: (
        <div data-testid={`history-entry-${row.seq}`} data-action={row.action} className={d.system ? 'fw-history-system' : undefined}>
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
                  <Button
                    key={f.id}
                    size="small"
                    type="link"
                    icon={<PaperClipOutlined />}
                    onClick={() => void download(ref)}
                    data-testid={`history-file-${f.id}`}
                  >
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
      ),
    });
  }
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
    </section>
  );
}
