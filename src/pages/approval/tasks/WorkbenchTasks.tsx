// The task center on the workbench: the four tabs' counts as cards that open the tab, and the
// first to-do documents (each opens in approve mode).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PROCESS_ROUTES } from '../../../routes/routeTable';
import { recordPagePath } from '../../../routes/recordPage';
import { ApiError } from '../../../api/client';
import type { TaskCenterApi, TaskCounts, TaskListRow } from './api';
import { openModeOf, TASK_TABS, taskTabLink, waitingText } from './model';

/** How many to-do documents the workbench lists. */
export const WORKBENCH_TODO_ROWS = 5;

export function WorkbenchTasks({ api }: { api: TaskCenterApi }) {
  const { t } = useTranslation('approval');
  const navigate = useNavigate();
  const [counts, setCounts] = useState<TaskCounts | null>(null);
  const [rows, setRows] = useState<TaskListRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const r = await api.list({ tab: 'todo', page: 1, limit: 10 });
      setCounts(r.counts);
      setRows(r.rows.slice(0, WORKBENCH_TODO_ROWS));
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card title={t('workbench.title')} data-testid="workbench-tasks" extra={<Link to={PROCESS_ROUTES.tasks}>{t('workbench.all')}</Link>}>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('workbench.loadFailed')}
          description={error}
          action={
            <Button size="small" onClick={() => void load()}>
              {t('tasks.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {TASK_TABS.map((tab) => (
              <Col key={tab} xs={12} md={6}>
                <Link to={taskTabLink(PROCESS_ROUTES.tasks, tab)} data-testid={`workbench-count-${tab}`} aria-label={t(`workbench.open.${tab}`)}>
                  <Card size="small" hoverable>
                    <Statistic
                      title={
                        <Space size={4}>
                          {t(`tasks.tab.${tab}`)}
                          {tab === 'cc' && counts && counts.ccUnread > 0 && (
                            <Badge count={counts.ccUnread} title={t('tasks.ccUnread', { count: counts.ccUnread })} />
                          )}
                        </Space>
                      }
                      value={counts ? counts[tab] : '—'}
                      loading={loading && !counts}
                    />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('workbench.firstTodo')}
          </Typography.Title>
          {loading && !counts ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty.todo')} />
          ) : (
            <List
              size="small"
              dataSource={rows}
              renderItem={(r) => (
                <List.Item
                  data-testid={`workbench-todo-${r.recordId}`}
                  extra={<Typography.Text type="secondary">{waitingText(r.waitingMs, t)}</Typography.Text>}
                >
                  <Button
                    type="link"
                    style={{ padding: 0, height: 'auto' }}
                    onClick={() => void navigate(recordPagePath(r.formCode, r.recordId, openModeOf('todo', r)))}
                  >
                    {r.number || t('tasks.noNumber')}
                  </Button>
                  <Typography.Text ellipsis style={{ marginInlineStart: 8, maxWidth: 320 }}>
                    {r.title}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                    {[r.formName, r.nodeName, r.applicantName].filter(Boolean).join(' · ')}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Card>
  );
}
