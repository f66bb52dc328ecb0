// The index of an area of the route table (/web/xinXiZhongXin, /web/gongYingLian,
// /web/keHuGuanLi): its list pages, named by their definitions; those without a published
// definition are marked 未配置.
import { useEffect, useState } from 'react';
import { Card, Col, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../schemas/constants';
import type { LocalizedText } from '../../schemas/definition';
import { endpoints } from '../../schemas/api';
import { call } from '../api/call';
import type { RouteEntry } from '../routes/routeTable';
import { localText } from '../layout/menu';

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
      .then((rows) => live && setNames(new Map(rows.filter((x) => x.version > 0).map((x) => [x.code, x]))))
      .catch(() => live && setNames(new Map()));
    return () => {
      live = false;
    };
  }, []);
  if (!names) return null;
  const sorted = [...lists].sort((a, b) => Number(names.has(b.entry.formCode)) - Number(names.has(a.entry.formCode)));
  return (
    <div data-testid="area-index">
      <Row gutter={[16, 16]}>
        {sorted.map(({ path, entry }) => {
          const d = names.get(entry.formCode);
          return (
            <Col key={path} xs={24} sm={12} lg={8}>
              <Card size="small">
                <Link to={path}>{d ? localText(d.name, locale) : entry.formCode}</Link> {!d && <Tag>{t('notConfigured.title')}</Tag>}
                <div>
                  <Typography.Text type="secondary">{path}</Typography.Text>
                </div>
              </Card>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
