// Built by the pages (landing, dashboard, summary) task: this placeholder only proves the route.
import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx';

export function Component() {
  return <PlaceholderPage titleKey="Summary.Title" />;
}
