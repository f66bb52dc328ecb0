import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

export function App() {
  return (
    <ConfigProvider locale={zhCN}>
      <main data-testid="app-root">
        <h1>企业营销门户</h1>
      </main>
    </ConfigProvider>
  );
}
