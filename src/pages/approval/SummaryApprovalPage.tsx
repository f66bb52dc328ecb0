// To be built (issue 14).
import { NotConfiguredPage } from '../NotConfiguredPage';

export function SummaryApprovalPage() {
  return <NotConfiguredPage />;
}
