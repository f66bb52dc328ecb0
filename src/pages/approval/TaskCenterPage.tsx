// To be built (issue 14).
import { NotConfiguredPage } from '../NotConfiguredPage';

export function TaskCenterPage() {
  return <NotConfiguredPage />;
}
