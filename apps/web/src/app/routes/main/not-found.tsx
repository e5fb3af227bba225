// Built by the layout shell task: this placeholder only proves the route.
import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx';

export function Component() {
  return <PlaceholderPage titleKey="NotFound.Title" />;
}
