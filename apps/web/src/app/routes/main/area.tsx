// Built by the site and area pages task: this placeholder only proves the route.
import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx';

export function Component() {
  return <PlaceholderPage titleKey="Area.Title" />;
}
