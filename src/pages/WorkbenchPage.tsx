// The employee workbench (/web/system/gongZuoTai): greeting, the task center's counts and first
// to-do documents, the document-number lookup and shortcuts to the main lists.
import { useMemo, useState } from 'react';
import { Button, Card, Col, Input, Row, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { DATE_FORMATS } from '../../schemas/constants';
import { getSessionValue } from '../session/session';
import { APP_ROUTES } from '../routes/routeTable';
import { menuAtom } from '../session/atoms';
import { mayOpen } from '../layout/menu';
import { lookupPath } from '../lookup/openApplication';
import { createTaskCenterApi, type TaskCenterApi } from './approval/tasks/api';
import { WorkbenchTasks } from './approval/tasks/WorkbenchTasks';

export interface WorkbenchPageProps {
  /** the task center's calls (a fake in tests) */
  taskApi?: TaskCenterApi;
}

export function WorkbenchPage({ taskApi }: WorkbenchPageProps = {}) {
  const { t } = useTranslation('app');
  const tasks = useMemo(() => taskApi ?? createTaskCenterApi(), [taskApi]);
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const name = getSessionValue('empName') ?? getSessionValue('username') ?? t('common:unknownUser');
  const menu = useAtomValue(menuAtom);
  // only what the user may open: a shortcut whose page the menu does not grant is not offered
  const shortcuts = [
    { path: '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList', label: t('shortcut.application') },
    { path: '/web/emp/feiYong/jieAn/feiYongJieAnList', label: t('shortcut.settlement') },
    { path: '/web/emp/feiYong/heXiao/feiYongHeXiaoList', label: t('shortcut.writeOff') },
    { path: '/web/emp/feiYong/zhiFu/feiYongZhiFuList', label: t('shortcut.payment') },
    { path: '/web/system/peiZhi/biaoDanList', label: t('shortcut.formBuilder') },
  ].filter((s) => mayOpen(s.path, menu));
  const go = (type?: 1 | 2) => navigate(lookupPath(number.trim(), type));
  return (
    <div data-testid="workbench">
      <Typography.Title level={3}>{t('workbench.welcome', { name })}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('workbench.today', { date: dayjs().format(DATE_FORMATS.date) })}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <WorkbenchTasks api={tasks} />
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('workbench.lookupTitle')}>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                data-testid="lookup-number"
                placeholder={t('workbench.lookupPlaceholder')}
                value={number}
                maxLength={50}
                onChange={(e) => setNumber(e.target.value)}
                onPressEnter={() => go()}
              />
              <Button type="primary" data-testid="lookup-view" onClick={() => go()}>
                {t('workbench.lookupView')}
              </Button>
            </Space.Compact>
            <Space wrap style={{ marginTop: 12 }}>
              <Button data-testid="lookup-settle" onClick={() => go(1)}>
                {t('workbench.lookupSettle')}
              </Button>
              <Button data-testid="lookup-writeoff" onClick={() => go(2)}>
                {t('workbench.lookupWriteOff')}
              </Button>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('workbench.shortcuts')}>
            <Space direction="vertical" className="touch-links">
              {shortcuts.map((s) => (
                <Link key={s.path} to={s.path}>
                  {s.label}
                </Link>
              ))}
              <Link to={APP_ROUTES.personalCenter}>{t('frame.personalCenter')}</Link>
            </Space>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
