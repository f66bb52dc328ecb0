// To be built (issue 14).
import { NotConfiguredPage } from '../NotConfiguredPage';

export function TaskDeletePage() {
  return <NotConfiguredPage />;
}
