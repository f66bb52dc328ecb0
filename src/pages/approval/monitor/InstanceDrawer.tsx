// One instance as monitoring shows it in a drawer: the summary (number, form, applicant, status,
// current nodes and approvers, started/ended, waiting time, callback flag), the diagram of the
// pinned process version with the current node highlighted, and the history.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Locale } from '../../../../schemas/constants';
import { FORM_MODES } from '../../../../schemas/typeCodes';
import { formatDate } from '../../../../widgets/format';
import { ProcessDiagram } from '../../../../runtime/approval/ProcessDiagram';
import { HistoryTimeline } from '../../../../runtime/approval/HistoryTimeline';
import { diagramState } from '../../../../runtime/approval/diagramState';
import { ApiError } from '../../../api/client';
import { createWidgetServices } from '../../../api/widgetServices';
import { recordPagePath } from '../../../routes/recordPage';
import { StatusTag } from '../tasks/StatusTag';
import { waitingText } from '../tasks/model';
import type { InstanceDetail, MonitorApi, MonitorInstanceRow } from './api';

export interface InstanceDrawerProps {
  api: MonitorApi;
  row: MonitorInstanceRow | null;
  onClose: () => void;
}

export function InstanceDrawer({ api, row, onClose }: InstanceDrawerProps) {
  const { t, i18n } = useTranslation('approval');
  const navigate = useNavigate();
  const locale = i18n.language as Locale;
  const [detail, setDetail] = useState<InstanceDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const widgetServices = useMemo(() => createWidgetServices(), []);
  const userSearch = useMemo(
    () => ({ searchUsers: (q: { keyword?: string; ids?: string[] }) => (q.ids?.length ? api.usersByIds(q.ids) : api.searchUsers(q.keyword ?? '')) }),
    [api],
  );

  useEffect(() => {
    if (!row) return;
    let live = true;
    setDetail(null);
    setError(null);
    api
      .detail(row.recordId)
      .then((d) => live && setDetail(d))
      .catch((e: unknown) => {
        if (live && !(e instanceof ApiError && e.handled)) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
    };
  }, [api, row, attempt]);

  const state = useMemo(() => (detail?.definition ? diagramState(detail.definition, detail) : null), [detail]);

  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      size={920}
      title={row ? t('monitor.drawerTitle', { number: row.number ?? row.recordId }) : ''}
      data-testid="monitor-drawer"
      extra={
        row && (
          <Button onClick={() => void navigate(recordPagePath(row.formCode, row.recordId, FORM_MODES.VIEW))} data-testid="monitor-open-document">
            {t('monitor.openDocument')}
          </Button>
        )
      }
    >
      {row && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('monitor.col.number')}>{row.number ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.col.form')}>{row.formName ?? row.formCode}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.col.title')}>{row.title ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.col.applicant')}>{row.applicantName ?? row.applicantId}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.col.status')}>
              <StatusTag status={row.status} />
              {row.callbackFailed && <Tag color="error">{t('monitor.callbackFailed')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.col.process')}>{`${row.processCode} v${row.processVersion}`}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.col.currentNodes')}>{row.currentNodes.map((n) => n.name).join('、') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.col.approvers')}>{row.currentApprovers.map((u) => u.name ?? u.id).join('、') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.col.started')}>{formatDate(row.startedAt, 'general')}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.col.ended')}>{row.endedAt ? formatDate(row.endedAt, 'general') : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('monitor.col.waiting')}>{row.currentNodes.length ? waitingText(row.waitingMs, t) : '—'}</Descriptions.Item>
          </Descriptions>
          {error ? (
            <Alert
              type="error"
              showIcon
              title={t('monitor.detailFailed')}
              description={error}
              action={
                <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
                  {t('tasks.retry')}
                </Button>
              }
            />
          ) : !detail ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <>
              <section aria-label={t('monitor.diagram')}>
                <Typography.Title level={5}>{t('monitor.diagram')}</Typography.Title>
                <ProcessDiagram definition={detail.definition} locale={locale} height={360} {...(state ?? {})} />
              </section>
              <section aria-label={t('monitor.history')}>
                <Typography.Title level={5}>{t('monitor.history')}</Typography.Title>
                <HistoryTimeline detail={detail} locale={locale} services={userSearch} widgetServices={widgetServices} />
              </section>
            </>
          )}
        </Space>
      )}
    </Drawer>
  );
}
