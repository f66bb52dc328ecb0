// The process designer's routes (designer/process): to be built (issue 14).
import { NotConfiguredPage } from '../NotConfiguredPage';

export function ProcessSettingsRoutePage() {
  return <NotConfiguredPage />;
}
export function ProcessDiagramRoutePage() {
  return <NotConfiguredPage />;
}
export function FormProcessRoutePage() {
  return <NotConfiguredPage />;
}
