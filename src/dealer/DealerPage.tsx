// The pages of the dealer shell. Business pages of the dealer portal (orders, returns,
// receiving, finance) have no path in the spec yet: any other path is not found (404).
import { Typography } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getSessionValue } from '../session/session';
import { NotFoundPage } from '../pages/NotFoundPage';

export function DealerPage() {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const page = pathname.replace(/^\/web\/dp\/?/, '').replace(/\/+$/, '');
  const name = getSessionValue('dealerName') ?? getSessionValue('empName') ?? t('dealer.guest');
  switch (page) {
    case 'shouYe':
    case 'gongZuoTai':
      return (
        <div data-testid={page === 'shouYe' ? 'dealer-home' : 'dealer-workbench'}>
          <Typography.Title level={3}>{t('dealer.welcome', { name })}</Typography.Title>
          <Typography.Paragraph>{t('dealer.intro')}</Typography.Paragraph>
        </div>
      );
    case 'bangZhuZhongXin':
      return <Typography.Paragraph data-testid="dealer-help">{t('dealer.helpText')}</Typography.Paragraph>;
    case 'faLvShuoMing':
      return <Typography.Paragraph data-testid="dealer-legal">{t('dealer.legalText')}</Typography.Paragraph>;
    case 'guanYuWoMen':
      return <Typography.Paragraph data-testid="dealer-about">{t('dealer.aboutText')}</Typography.Paragraph>;
    case 'gongNengList':
      return <Typography.Paragraph data-testid="dealer-functions">{t('dealer.intro')}</Typography.Paragraph>;
    default:
      return <NotFoundPage />;
  }
}
