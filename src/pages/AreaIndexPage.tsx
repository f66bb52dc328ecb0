// The index of an area of the route table (/web/xinXiZhongXin, /web/gongYingLian,
// /web/keHuGuanLi): headed by the area's name (its menu entry, else the app's name for it), its
// list pages named by their definitions (a draft's name too), else by the app's name for the
// page — never by the form code; those without a published definition are marked 未配置.
import { useEffect, useState } from 'react';
import { Card, Col, Row, Tag, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../schemas/constants';
import type { LocalizedText } from '../../schemas/definition';
import { endpoints } from '../api/paths';
import { call } from '../api/call';
import type { RouteEntry } from '../routes/routeTable';
import { localText } from '../layout/menu';
import { useMenuHeading, usePageTitle } from '../layout/pageTitle';

interface Summary {
  code: string;
  name: LocalizedText;
  version: number;
}

/** pages of 50 definitions read at most */
const MAX_PAGES = 10;

export function AreaIndexPage({ lists }: { lists: { path: string; entry: RouteEntry }[] }) {
  const { t, i18n } = useTranslation('app');
  const locale = i18n.language as Locale;
  const { pathname } = useLocation();
  const area = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  const menuHeading = useMenuHeading();
  const heading = menuHeading ?? t(`area.${area.replace(/Main$/, '')}`, { defaultValue: t('area.default') });
  usePageTitle(heading);
  const [names, setNames] = useState<Map<string, Summary> | null>(null);
  useEffect(() => {
    let live = true;
    const load = async () => {
      const all: Summary[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const r = await call(endpoints.definitions.list, { page, limit: 50 });
        all.push(...r.rows);
        if (page * 50 >= r.totalRecord) break;
      }
      return all;
    };
    load()
      .then((rows) => live && setNames(new Map(rows.map((x) => [x.code, x]))))
      .catch(() => live && setNames(new Map()));
    return () => {
      live = false;
    };
  }, []);
  if (!names) return null;
  const published = (code: string) => (names.get(code)?.version ?? 0) > 0;
  const sorted = [...lists].sort((a, b) => Number(published(b.entry.formCode)) - Number(published(a.entry.formCode)));
  const nameOf = (code: string) => {
    const d = names.get(code);
    return (d && localText(d.name, locale)) || t(`pageName.${code}`, { defaultValue: t('area.unnamed') });
  };
  return (
    <div data-testid="area-index">
      <Typography.Title level={4}>{heading}</Typography.Title>
      <Row gutter={[16, 16]}>
        {sorted.map(({ path, entry }) => {
          const configured = published(entry.formCode);
          return (
            <Col key={path} xs={24} sm={12} lg={8}>
              <Card size="small" className="touch-links" data-configured={configured ? 'true' : 'false'}>
                <Link to={path}>{nameOf(entry.formCode)}</Link> {!configured && <Tag>{t('notConfigured.title')}</Tag>}
                <div>
                  <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                    {path}
                  </Typography.Text>
                </div>
              </Card>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
